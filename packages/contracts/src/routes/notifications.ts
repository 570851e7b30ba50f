import { EmptyInputSchema } from '../auth';
import {
  NotificationSettingsSchema,
  NotificationUnsubscribeInputSchema,
  NotificationUnsubscribeResultSchema,
  UpdateNotificationSettingsInputSchema,
} from '../notification-settings';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** Notification settings and the unsubscribe links of notification mail (decision 029). */
export const notificationsRoutes = {
  'users/getNotificationSettings': defineRoute({
    input: EmptyInputSchema,
    output: NotificationSettingsSchema,
    summary: 'Which notification mails the signed-in user gets (defaults until changed: all on but the newsletter)',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/updateNotificationSettings': defineRoute({
    input: UpdateNotificationSettingsInputSchema,
    output: NotificationSettingsSchema,
    summary: 'Turn any of the notification mails on or off; the others keep their value. Answers all of them',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/unsubscribe': defineRoute({
    input: NotificationUnsubscribeInputSchema,
    output: NotificationUnsubscribeResultSchema,
    summary:
      'Turn off the topic of the notification mail whose unsubscribe link holds the token, without signing in (idempotent)',
    tag: 'users',
  }),
  'users/resubscribe': defineRoute({
    input: NotificationUnsubscribeInputSchema,
    output: NotificationUnsubscribeResultSchema,
    summary: 'Undo an unsubscribe: turn the topic of the mail whose link holds the token back on',
    tag: 'users',
  }),
} satisfies Record<string, ApiRouteDefinition>;
