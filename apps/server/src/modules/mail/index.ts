/** The mail outbox (decision 029): what other modules use to queue and deliver mail. */

export {
  DEFAULT_NOTIFICATION_SETTINGS,
  MAIL_TOPICS,
  type MailTopic,
  NOTIFICATION_SETTINGS_PATH,
  type NotificationParts,
  type NotificationSettingsValues,
  notificationParts,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  readNotificationSettings,
  TOPIC_REASONS,
  UNSUBSCRIBE_PAGE_PATH,
} from './notification-mail';
export { notificationMail } from './notification-queue';
export {
  type NotificationSettingsDeps,
  setTopicByToken,
  updateNotificationSettings,
} from './notification-settings';
export { notificationSettingsHandlers, registerNotificationOneClickUnsubscribe } from './notification-settings.routes';
export {
  createOutbox,
  DELIVERY_LEASE_MS,
  type DeliveryOutcome,
  MAX_DELIVERY_ATTEMPTS,
  type MailRenderer,
  type Outbox,
  type OutboxDeps,
  type QueuedMail,
  queueMail,
  retryDelayMs,
} from './outbox';
export { countOutbox, type OutboxCounts } from './outbox-counts';
export { deleteFinishedMail, FINISHED_MAIL_KEPT_DAYS } from './outbox-retention';
