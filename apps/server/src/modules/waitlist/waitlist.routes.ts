import { ok, UnsubscribeWaitlistInputSchema } from '@everdeal/contracts';
import type { FastifyInstance } from 'fastify';
import { emailRateLimitKey } from '../../lib/email-key';
import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './waitlist.mail';
import { joinWaitlist, unsubscribeFromWaitlist, type WaitlistDeps } from './waitlist.service';

export function waitlistHandlers(deps: WaitlistDeps, limits: RateLimits) {
  return defineHandlers({
    'waitlist/join': async (input, { request }) => {
      // Each join mails the address: bounded per address (no mail-bombing) and per client.
      await limits.consume([
        ['waitlistPerIp', request.ip],
        ['waitlistPerEmail', emailRateLimitKey(input.email)],
      ]);
      return joinWaitlist(deps, input);
    },
    'waitlist/unsubscribe': (input) => unsubscribeFromWaitlist(deps, input.token),
  });
}

/**
 * RFC 8058 one-click unsubscribe: the mail's `List-Unsubscribe` header names this URL with the
 * token in its query, and the mail client POSTs `List-Unsubscribe=One-Click` as a form, without
 * cookies or a page. Registered in its own scope because the API only parses JSON.
 */
export async function registerOneClickUnsubscribe(app: FastifyInstance, deps: Pick<WaitlistDeps, 'db' | 'now'>) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body carries nothing we need (the token is in the URL), whatever its type; bounded.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null));
    scope.post(ONE_CLICK_UNSUBSCRIBE_PATH, async (request, reply) => {
      const { token } = UnsubscribeWaitlistInputSchema.parse(request.query);
      const result = await unsubscribeFromWaitlist(deps, token);
      return reply.header('cache-control', 'no-store').send(ok(result));
    });
  });
}
