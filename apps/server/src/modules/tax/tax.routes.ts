import { defineHandlers } from '../../plugins/api';
import { getBillingProfile, type TaxDeps, updateBillingProfile } from './billing-profile';

/**
 * The billing profile's calls (decision 037). They are `users/*` calls but live beside the table
 * and the rules they write, as the notification settings live in the mail module. The user id
 * comes from the session, never the payload.
 */
export function billingProfileHandlers(deps: TaxDeps) {
  return defineHandlers({
    'users/getBillingProfile': (_input, { user }) => getBillingProfile(deps, user.id),
    'users/updateBillingProfile': (input, { user }) => updateBillingProfile(deps, user.id, input),
  });
}
