import { defineHandlers } from '../../plugins/api';
import { type AffiliatesDeps, getAffiliateDashboard, joinAffiliateProgramme, linkOrigin } from './affiliates.service';
import { getAffiliateEarnings } from './earnings';

/** Requirements §15 affiliate calls: each needs a login and reads only the caller's membership. */
export function affiliatesHandlers(deps: AffiliatesDeps) {
  return defineHandlers({
    'affiliate/join': (_input, { user, request }) =>
      joinAffiliateProgramme({ ...deps, publicUrl: linkOrigin(deps, request) }, user.id),
    'affiliate/getDashboard': (_input, { user, request }) =>
      getAffiliateDashboard({ ...deps, publicUrl: linkOrigin(deps, request) }, user.id),
    'affiliate/getEarnings': (input, { user }) => getAffiliateEarnings(deps.db, user.id, input),
  });
}
