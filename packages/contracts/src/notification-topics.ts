// The notification settings' words without zod: the settings page, the unsubscribe page and the
// server's mail footers read them (`@everdeal/contracts/notification-topics`), so neither page
// downloads the schema library (decision 029).
import { BRAND_NAME } from './constants';

/**
 * What a notification mail is about: each is a switch on the settings page, a field of
 * `users/getNotificationSettings` and a column of `notification_settings`. Receipts and security
 * mail have no topic: they always go out.
 */
export const NOTIFICATION_TOPICS = [
  'refundReminders',
  'wishlistAlerts',
  'newsletter',
  'communityReplies',
  'sellerActivity',
  'affiliateActivity',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export type NotificationSettings = Record<NotificationTopic, boolean>;

/** The topic's name in a sentence: "You will no longer get refund reminders at …". */
export const NOTIFICATION_TOPIC_LABELS: Record<NotificationTopic, string> = {
  refundReminders: 'refund reminders',
  wishlistAlerts: 'wishlist alerts',
  newsletter: `the ${BRAND_NAME} newsletter`,
  communityReplies: 'community replies',
  sellerActivity: 'seller notifications',
  affiliateActivity: 'affiliate notifications',
};

/** The settings page's switches, grouped the way a person thinks of them. */
export const NOTIFICATION_GROUPS: {
  title: string;
  topics: { topic: NotificationTopic; label: string; description: string }[];
}[] = [
  {
    title: 'Your purchases',
    topics: [
      {
        topic: 'refundReminders',
        label: 'Refund reminders',
        description: 'A mail 7 days and 1 day before the refund window of something you bought closes.',
      },
    ],
  },
  {
    title: 'Deals',
    topics: [
      {
        topic: 'wishlistAlerts',
        label: 'Wishlist alerts',
        description: 'At most one mail a day when a saved deal drops in price, is back in stock or ends soon.',
      },
      {
        topic: 'newsletter',
        label: 'Newsletter',
        description: `New lifetime deals and news from ${BRAND_NAME}, now and then.`,
      },
    ],
  },
  {
    title: 'Community',
    topics: [
      {
        topic: 'communityReplies',
        label: 'Replies',
        description: 'Answers to your questions and replies in discussions you started.',
      },
    ],
  },
  {
    title: 'Sellers',
    topics: [
      {
        topic: 'sellerActivity',
        label: 'Seller activity',
        description: `If you sell on ${BRAND_NAME}: new sales, questions on your deals and review outcomes.`,
      },
    ],
  },
  {
    title: 'Affiliates',
    topics: [
      {
        topic: 'affiliateActivity',
        label: 'Affiliate activity',
        description: `If you are an ${BRAND_NAME} affiliate: commissions you earned.`,
      },
    ],
  },
];

/** The settings page in the user area, and the page a notification mail's unsubscribe link opens. */
export const NOTIFICATION_SETTINGS_PATH = '/user/notifications';
export const NOTIFICATION_UNSUBSCRIBE_PATH = '/unsubscribe';

export const NotificationMessage = {
  invalidUnsubscribeLink: 'This unsubscribe link is not valid. Open the link from your latest mail again.',
  saved: 'Your notification settings are saved.',
  alwaysSent: 'Receipts, license codes and security mail (password resets, sign-in links) always go out.',
} as const;

/** "ada@example.com" → "a…@example.com": enough to recognise one's address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

export function isNotificationTopic(value: string): value is NotificationTopic {
  return (NOTIFICATION_TOPICS as readonly string[]).includes(value);
}
