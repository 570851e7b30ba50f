import { NotificationUnsubscribeInputSchema, ok } from '@everdeal/contracts';
import type { FastifyInstance } from 'fastify';
import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './notification-mail';
import {
  getNotificationSettings,
  type NotificationSettingsDeps,
  setTopicByToken,
  updateNotificationSettings,
} from './notification-settings';

/**
 * The `users/*` notification calls live here, beside the table they write (the mail module owns
 * `notification_settings` and the unsubscribe tokens; decision 029), so the users module need not
 * reach into mail and mail never imports users.
 */
export function notificationSettingsHandlers(deps: NotificationSettingsDeps, limits: RateLimits) {
  return defineHandlers({
    'users/getNotificationSettings': (_input, { user }) => getNotificationSettings(deps, user.id),
    'users/updateNotificationSettings': (input, { user }) => updateNotificationSettings(deps, user.id, input),
    // The page's calls: tokens are 256 random bits, so guessing is hopeless; the limit bounds the noise.
    'users/unsubscribe': async (input, { request }) => {
      await limits.consume([['unsubscribeLinkPerIp', request.ip]]);
      return setTopicByToken(deps, input.token, false);
    },
    'users/resubscribe': async (input, { request }) => {
      await limits.consume([['unsubscribeLinkPerIp', request.ip]]);
      return setTopicByToken(deps, input.token, true);
    },
  });
}

/**
 * RFC 8058 one-click unsubscribe of notification mail: the `List-Unsubscribe` header names this
 * URL with the token in its query, and the mail client POSTs `List-Unsubscribe=One-Click` as a
 * form, without cookies, a session or a CSRF token (the token is the proof). Registered in its own
 * scope because the API only parses JSON; mirrors the waitlist's (modules/waitlist). Not rate
 * limited: mail providers post many people's clicks from a few addresses, and a limit would drop
 * real requests. An unknown token answers 404, like the waitlist's: RFC 8058 asks nothing of that
 * case and no mail client shows the answer, so the honest code costs nothing.
 */
export async function registerNotificationOneClickUnsubscribe(app: FastifyInstance, deps: NotificationSettingsDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body carries nothing we need (the token is in the URL), whatever its type; bounded.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null));
    scope.post(ONE_CLICK_UNSUBSCRIBE_PATH, async (request, reply) => {
      const { token } = NotificationUnsubscribeInputSchema.parse(request.query);
      const result = await setTopicByToken(deps, token, false);
      return reply.header('cache-control', 'no-store').send(ok(result));
    });
  });
}
