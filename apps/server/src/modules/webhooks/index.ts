/**
 * Sellers' signed webhooks, the module's public face (docs/architecture.md "Server modules",
 * decision 033): the seller's calls, the queue other modules write events to in their own
 * transactions, the delivery the `webhook-delivery` job runs, and its counts for /metrics.
 * Everything else in this folder is private to it. It uses no other module but `audit`, so any
 * module may emit events.
 */
export type { Resolver } from './address-filter';
export {
  createWebhookDelivery,
  eventBody,
  WEBHOOK_LEASE_MS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDelivery,
  type WebhookDeliveryDeps,
  type WebhookOutcome,
  webhookRetryDelayMs,
} from './delivery';
export { queueWebhookEvents, type WebhookEventInput } from './queue';
export { deleteFinishedWebhookRows, FINISHED_DELIVERIES_KEPT_DAYS, type WebhookRetentionRound } from './retention';
export { countWebhookDeliveries, type WebhookCounts } from './webhook-counts';
export { webhooksHandlers } from './webhooks.routes';
export { queueEventsCtes } from './webhooks.sql';
export type { WebhooksDeps } from './webhooks-deps';
