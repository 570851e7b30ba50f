import { defineHandlers } from '../../plugins/api';
import { refreshPayoutAccount, startPayoutOnboarding } from './payout-accounts.service';
import { getAdminPayouts, getSellerPayouts } from './payouts.service';
import type { PayoutsDeps } from './payouts-deps';

/**
 * Payouts' calls (decision 036). The route table gives the `seller/*` calls the `seller` role and
 * each service checks membership of the seller it names (404 otherwise, as every seller call);
 * `admin/getPayouts` needs the `admin` role.
 */
export function payoutsHandlers(deps: PayoutsDeps) {
  return defineHandlers({
    'seller/startPayoutOnboarding': (input, { user }) => startPayoutOnboarding(deps, user, input),
    'seller/refreshPayoutAccount': (input, { user }) => refreshPayoutAccount(deps, user.id, input),
    'seller/getPayouts': (input, { user }) => getSellerPayouts(deps, user.id, input),
    'admin/getPayouts': (input) => getAdminPayouts(deps, input),
  });
}
