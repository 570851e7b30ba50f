import type { Db } from '@everdeal/db';
import { defineHandlers } from '../../plugins/api';
import { getMyAreas } from './roles';

/** Requirements §6: the caller's own areas, for the links in the account and mobile menus (decision 023). */
export function rolesHandlers(db: Db) {
  return defineHandlers({
    'users/getMyAreas': (_input, { user }) => getMyAreas(db, user),
  });
}
