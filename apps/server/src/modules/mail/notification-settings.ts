import {
  AppError,
  isNotificationTopic,
  maskEmail,
  NOTIFICATION_TOPIC_LABELS,
  NotificationMessage,
  type NotificationUnsubscribeResult,
  type UpdateNotificationSettingsInput,
} from '@everdeal/contracts';
import { type Db, mailUnsubscribeTokens, notificationSettings, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../lib/opaque-token';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type MailTopic,
  type NotificationSettingsValues,
  readNotificationSettings,
} from './notification-mail';

/** What the notification settings need, built once in app.ts. */
export type NotificationSettingsDeps = { db: Db; now: () => Date };

const settingsColumns = {
  refundReminders: notificationSettings.refundReminders,
  wishlistAlerts: notificationSettings.wishlistAlerts,
  newsletter: notificationSettings.newsletter,
  communityReplies: notificationSettings.communityReplies,
  sellerActivity: notificationSettings.sellerActivity,
  affiliateActivity: notificationSettings.affiliateActivity,
};

/** `users/getNotificationSettings`: the person's switches, the defaults until they change one. */
export function getNotificationSettings(deps: NotificationSettingsDeps, userId: string) {
  return readNotificationSettings(deps.db, userId);
}

/**
 * `users/updateNotificationSettings` and the unsubscribe links: one upsert, so the first change
 * creates the row (the other switches keep their defaults) and a later one touches only the
 * switches it names. `{}` changes nothing and writes nothing.
 */
export async function updateNotificationSettings(
  deps: NotificationSettingsDeps,
  userId: string,
  changes: UpdateNotificationSettingsInput,
): Promise<NotificationSettingsValues> {
  if (Object.keys(changes).length === 0) return readNotificationSettings(deps.db, userId);
  const updatedAt = deps.now();
  const [row] = await deps.db
    .insert(notificationSettings)
    .values({ userId, ...DEFAULT_NOTIFICATION_SETTINGS, ...changes, updatedAt })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt } })
    .returning(settingsColumns);
  if (!row) throw new Error('the notification settings upsert returned no row');
  return row;
}

/** The person and topic a mail's unsubscribe token names; an unknown token is the page's 404. */
async function findUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ userId: string; topic: MailTopic; email: string }> {
  const [row] = await db
    .select({ userId: mailUnsubscribeTokens.userId, topic: mailUnsubscribeTokens.topic, email: users.email })
    .from(mailUnsubscribeTokens)
    .innerJoin(users, eq(users.id, mailUnsubscribeTokens.userId))
    .where(eq(mailUnsubscribeTokens.tokenHash, hashToken(token)));
  if (!row) throw AppError.notFound(NotificationMessage.invalidUnsubscribeLink);
  // Only notificationParts writes these rows, with a topic of the list.
  if (!isNotificationTopic(row.topic)) throw new Error(`unsubscribe token with unknown topic ${row.topic}`);
  return { userId: row.userId, topic: row.topic, email: row.email };
}

/**
 * `users/unsubscribe`, `users/resubscribe` (its undo) and the RFC 8058 one-click POST: the token of
 * a notification mail turns that mail's topic off (or back on) for the person it was sent to, and
 * nothing else. Idempotent; tokens stay usable, so the undo works and a second click says the same.
 */
export async function setTopicByToken(
  deps: NotificationSettingsDeps,
  token: string,
  isOn: boolean,
): Promise<NotificationUnsubscribeResult> {
  const { userId, topic, email } = await findUnsubscribeToken(deps.db, token);
  const change: UpdateNotificationSettingsInput = { [topic]: isOn };
  await updateNotificationSettings(deps, userId, change);
  return { topic, topicLabel: NOTIFICATION_TOPIC_LABELS[topic], email: maskEmail(email) };
}
