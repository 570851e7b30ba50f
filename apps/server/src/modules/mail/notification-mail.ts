import {
  BRAND_NAME,
  NOTIFICATION_SETTINGS_PATH,
  NOTIFICATION_TOPICS,
  NOTIFICATION_UNSUBSCRIBE_PATH,
  type NotificationTopic,
} from '@everdeal/contracts';
import { type Db, mailUnsubscribeTokens, notificationSettings, type Tx } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { MailBrand, MailContent } from '../../lib/mail-layout';
import { generateToken, hashToken } from '../../lib/opaque-token';

/**
 * What a notification mail is about: each is a switch on the notification settings page and a
 * column of `notification_settings` (decision 029). Receipts and security mail (reset, sign-in
 * link, verification, password or address changed) have no topic: they always go out and carry
 * no unsubscribe link. The list is the API's (`users/getNotificationSettings` answers one field
 * per topic), so it lives in the contracts.
 */
export const MAIL_TOPICS = NOTIFICATION_TOPICS;
export type MailTopic = NotificationTopic;

export type NotificationSettingsValues = Record<MailTopic, boolean>;

/** A person without a settings row has these (decision 029: on, except the newsletter). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsValues = {
  refundReminders: true,
  wishlistAlerts: true,
  newsletter: false,
  communityReplies: true,
  sellerActivity: true,
  affiliateActivity: true,
};

/** Why the person gets a mail of each topic: the footer's first line. */
export const TOPIC_REASONS: Record<MailTopic, string> = {
  refundReminders: 'You get this mail because refund reminders are on for your account.',
  wishlistAlerts: 'You get this mail because wishlist alerts are on for your account.',
  newsletter: `You get this mail because you subscribed to ${BRAND_NAME} news.`,
  communityReplies: 'You get this mail because replies to your questions and threads are on for your account.',
  sellerActivity: 'You get this mail because seller notifications are on for your account.',
  affiliateActivity: 'You get this mail because affiliate notifications are on for your account.',
};

/** The page the footer's link opens (the web app's), and the RFC 8058 one-click endpoint. */
export const UNSUBSCRIBE_PAGE_PATH = NOTIFICATION_UNSUBSCRIBE_PATH;
export const ONE_CLICK_UNSUBSCRIBE_PATH = `${NOTIFICATION_UNSUBSCRIBE_PATH}/one-click`;
/** The notification settings page in the user area. */
export { NOTIFICATION_SETTINGS_PATH };

export async function readNotificationSettings(executor: Db | Tx, userId: string): Promise<NotificationSettingsValues> {
  const [row] = await executor
    .select({
      refundReminders: notificationSettings.refundReminders,
      wishlistAlerts: notificationSettings.wishlistAlerts,
      newsletter: notificationSettings.newsletter,
      communityReplies: notificationSettings.communityReplies,
      sellerActivity: notificationSettings.sellerActivity,
      affiliateActivity: notificationSettings.affiliateActivity,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_SETTINGS;
}

/** What a notification mail adds: the footer's reason and links (for `renderMail`) and the RFC 8058 headers. */
export type NotificationParts = {
  unsubscribe: NonNullable<MailContent['unsubscribe']>;
  headers: Record<string, string>;
};

/**
 * For a notification mail to a signed-up person: `null` when they turned `topic` off (queue
 * nothing); otherwise a fresh unsubscribe token for this mail (only its hash is stored, in the
 * caller's transaction) and the parts that carry it.
 */
export async function notificationParts(
  executor: Db | Tx,
  recipient: { userId: string; topic: MailTopic },
  brand: MailBrand,
): Promise<NotificationParts | null> {
  const settings = await readNotificationSettings(executor, recipient.userId);
  if (!settings[recipient.topic]) return null;
  const token = generateToken();
  await executor
    .insert(mailUnsubscribeTokens)
    .values({ tokenHash: hashToken(token), userId: recipient.userId, topic: recipient.topic });
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    unsubscribe: {
      reason: TOPIC_REASONS[recipient.topic],
      url: `${brand.publicUrl}${UNSUBSCRIBE_PAGE_PATH}${query}`,
      settingsUrl: `${brand.publicUrl}${NOTIFICATION_SETTINGS_PATH}`,
    },
    headers: {
      'List-Unsubscribe': `<${brand.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
