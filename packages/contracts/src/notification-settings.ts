import { z } from 'zod';
import {
  NOTIFICATION_TOPICS,
  NotificationMessage,
  type NotificationSettings,
  type NotificationTopic,
} from './notification-topics';

export * from './notification-topics';

const topicShape = Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, z.boolean()])) as Record<
  NotificationTopic,
  z.ZodBoolean
>;

/** `users/getNotificationSettings` and the answer of `users/updateNotificationSettings`. */
export const NotificationSettingsSchema = z.object(topicShape) satisfies z.ZodType<NotificationSettings>;

/** Any of the switches; the others keep their value, unknown fields are dropped, `{}` changes nothing. */
export const UpdateNotificationSettingsInputSchema = NotificationSettingsSchema.partial();
export type UpdateNotificationSettingsInput = z.infer<typeof UpdateNotificationSettingsInputSchema>;

/** Our tokens are 43 base64url characters (256 bits); anything else cannot be one. */
export const NotificationUnsubscribeInputSchema = z.object({
  token: z
    .string({ error: NotificationMessage.invalidUnsubscribeLink })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, NotificationMessage.invalidUnsubscribeLink),
});

/** What a mail's unsubscribe link turned off, for the page to say so. */
export const NotificationUnsubscribeResultSchema = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  topicLabel: z.string().describe('the topic in a sentence, e.g. "refund reminders"'),
  email: z.string().describe('the account address, masked: a…@example.com'),
});
export type NotificationUnsubscribeResult = z.infer<typeof NotificationUnsubscribeResultSchema>;
