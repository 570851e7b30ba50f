import { defineHandlers } from '../../plugins/api';
import { type AffiliatesDeps, getAffiliateDashboard, joinAffiliateProgramme, linkOrigin } from './affiliates.service';

/** Requirements §15 affiliate calls: both need a login and read only the caller's membership. */
export function affiliatesHandlers(deps: AffiliatesDeps) {
  return defineHandlers({
    'affiliate/join': (_input, { user, request }) =>
      joinAffiliateProgramme({ ...deps, publicUrl: linkOrigin(deps, request) }, user.id),
    'affiliate/getDashboard': (_input, { user, request }) =>
      getAffiliateDashboard({ ...deps, publicUrl: linkOrigin(deps, request) }, user.id),
  });
}
