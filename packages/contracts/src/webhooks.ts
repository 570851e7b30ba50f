import { z } from 'zod';
import { ownedId, ownedUuid } from './ids';
import { PageNumberSchema } from './paging';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PREVIOUS_SECRET_MAX_HOURS,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_URL_MAX,
  WebhookMessage,
} from './webhook-rules';

// Sellers' webhooks (shared requirements "Sellers' licensing API and webhooks", decision 033).
// Every call acts for one seller: `sellerId` names it, and may be left out by a member of only
// one seller (the requirements' payloads name none).

const SellerRef = { sellerId: ownedId('seller').optional() };

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const SetWebhookInputSchema = z.object({
  ...SellerRef,
  url: z.string({ error: 'is required' }).trim().min(1, 'is required').max(WEBHOOK_URL_MAX),
  events: z
    .array(WebhookEventTypeSchema)
    .min(1, 'choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .optional(),
});
export type SetWebhookInput = z.infer<typeof SetWebhookInputSchema>;

export const SetWebhookResultSchema = z.object({
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  /** Shown once, when the endpoint is created; null when an existing endpoint changed. */
  secret: z.string().nullable(),
});

export const WebhookSellerInputSchema = z.object(SellerRef);
export type WebhookSellerInput = z.infer<typeof WebhookSellerInputSchema>;

export const WebhookEndpointSchema = z.object({
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  /** The secret's last four characters: `whsec_…abcd`. */
  secretHint: z.string(),
  previousSecretExpiresAt: z
    .string()
    .nullable()
    .describe('until when the secret replaced by the last rotation still signs beside this one; null when it does not'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const GetWebhookResultSchema = z.object({ webhook: WebhookEndpointSchema.nullable() });

export const RotateWebhookSecretInputSchema = z.object({
  ...SellerRef,
  keepPreviousHours: z
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(0, 'must be 0 or more')
    .max(WEBHOOK_PREVIOUS_SECRET_MAX_HOURS, `must be at most ${WEBHOOK_PREVIOUS_SECRET_MAX_HOURS}`)
    .default(0)
    .describe(
      'hours the current secret keeps signing beside the new one (each delivery then carries both signatures); 0 stops it at once',
    ),
});
export type RotateWebhookSecretInput = z.infer<typeof RotateWebhookSecretInputSchema>;
export const RotateWebhookSecretResultSchema = z.object({
  secret: z.string(),
  previousSecretExpiresAt: z
    .string()
    .nullable()
    .describe('when the replaced secret stops signing; null: it already has'),
});
export const TestWebhookResultSchema = z.object({ eventId: z.string(), deliveryId: z.string() });
export const DeleteWebhookResultSchema = z.object({ deleted: z.boolean() });

export const GetWebhookDeliveriesInputSchema = z.object({
  ...SellerRef,
  page: PageNumberSchema.default(1),
});

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.union([WebhookEventTypeSchema, z.literal(WEBHOOK_TEST_EVENT_TYPE)]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  /** Why the last attempt failed when no status code says it (timeout, refused address, redirect). */
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveriesSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

export const RedeliverWebhookInputSchema = z.object({
  ...SellerRef,
  deliveryId: ownedUuid('webhookDelivery', WebhookMessage.deliveryNotFound),
});
export const RedeliverWebhookResultSchema = z.object({ delivery: WebhookDeliverySchema });
