import { defineHandlers } from '../../plugins/api';
import { type AffiliatesDeps, getAffiliateDashboard, joinAffiliateProgramme } from './affiliates.service';

/** Requirements §15 affiliate calls: both need a login and read only the caller's membership. */
export function affiliatesHandlers(deps: AffiliatesDeps) {
  return defineHandlers({
    'affiliate/join': (_input, { user }) => joinAffiliateProgramme(deps, user.id),
    'affiliate/getDashboard': (_input, { user }) => getAffiliateDashboard(deps, user.id),
  });
}
