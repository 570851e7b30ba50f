import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { type ApplicationDeps, applyToSell, getMyApplication } from './applications.service';

/**
 * Requirements §13, §15: applying to sell from /launch (decision 015). The admin's calls on
 * applications are in admin.routes.ts, behind the `admin` role.
 */
export function applicationsHandlers(deps: ApplicationDeps, limits: RateLimits) {
  return defineHandlers({
    'sellers/apply': async (input, { user }) => {
      // Each application mails the team and the address it names: bounded like the other forms
      // that mail someone (decision 009); the open-application rule stops repeats, not abuse by
      // rejected applicants.
      await limits.consume([['sellerApplicationPerUser', user.id]]);
      return applyToSell(deps, user, input);
    },
    'sellers/getMyApplication': (_input, { user }) => getMyApplication(deps, user.id),
  });
}
