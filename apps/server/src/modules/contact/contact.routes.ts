import { emailRateLimitKey } from '../../lib/email-key';
import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { type ContactDeps, sendContactMessage } from './contact.service';

export function contactHandlers(deps: ContactDeps, limits: RateLimits) {
  return defineHandlers({
    'contact/send': async (input, { request }) => {
      // Requirements §14: rate-limited per sender address and per client address (decision 009).
      await limits.consume([
        ['contactPerIp', request.ip],
        ['contactPerEmail', emailRateLimitKey(input.email)],
      ]);
      return sendContactMessage(deps, input, request.ip);
    },
  });
}
