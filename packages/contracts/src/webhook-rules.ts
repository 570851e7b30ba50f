// Sellers' webhooks (decision 033): what both ends need, without zod, for the seller area's
// webhook page (`@everdeal/contracts/webhook-rules`).

/** The events a seller's endpoint may receive (docs/webhooks.md describes each body). */
export const WEBHOOK_EVENT_TYPES = [
  'license.purchased',
  'license.refunded',
  'license.plan_changed',
  'license.activated',
  'license.transferred',
  'product.sunset',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What `seller/testWebhook` sends; it goes to the endpoint whatever events it chose. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** What each event means, for the seller area's checkboxes. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'license.purchased': 'A buyer bought codes of your product',
  'license.refunded': 'An item was refunded and its codes revoked',
  'license.plan_changed': 'A buyer moved to another plan (old codes revoked, new codes given)',
  'license.activated': 'A code was marked as activated',
  'license.transferred': 'A buyer gave or transferred an item and its recipient claimed it',
  'product.sunset': 'Your product was sunset or shut down',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The seller area's webhook page. */
export const SELLER_WEBHOOKS_PATH = '/seller/webhooks';

/** Deliveries a page of the log shows, newest first. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const WEBHOOK_URL_MAX = 2048;
/**
 * How long a rotation may keep the replaced secret signing beside the new one (decision 046):
 * hours, 0 (the default: it stops at once, as after a leak) up to three days.
 */
export const WEBHOOK_PREVIOUS_SECRET_MAX_HOURS = 72;

/** The header names a receiver reads (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'Everdeal-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Everdeal-Event-Id';

export const WebhookMessage = {
  notSet: 'No webhook endpoint is set up',
  notConfigured: 'Webhooks are not available on this server',
  deliveryNotFound: 'Delivery not found',
  httpsOnly: 'must be an https:// URL',
  notPublic: 'must point to a public internet address',
  unresolvable: 'could not be resolved to an address',
  credentials: 'must not contain a user name or password',
  chooseSeller: 'Name the seller (sellerId): you are a member of several',
  inFlight: 'This delivery is being sent right now; try again in a moment',
} as const;
