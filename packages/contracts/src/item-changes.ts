import { z } from 'zod';
import { BillingIntervalSchema, PlanKindSchema } from './catalog';
import { REFUND_DESTINATIONS, REFUND_NOTE_MAX, REFUND_REASON_CODES } from './constants';
import { publicId } from './ids';
import { IdempotencyKey, OrderId, OrderItemId, OrderItemRefInputSchema, OrderItemSchema } from './orders';
import { PaymentMethodId } from './payments';

// What a buyer changes of a bought item (requirements §11 and §15, decision 010): its refund, with
// the optional reason and where the money goes, and its plan. Apart from orders.ts, whose item
// and order shapes these calls answer.

/** Why a shopper refunded, as stored with the refund: both optional, asked and never required. */
export const RefundReasonSchema = z.object({
  reason: z.enum(REFUND_REASON_CODES).nullable(),
  note: z.string().nullable(),
});
export type RefundReason = z.infer<typeof RefundReasonSchema>;

/**
 * `orders/refundItem`: the item, and optionally why (requirements §11). A call without the reason
 * fields is the spec's `{orderId, itemId}` and refunds the same way.
 */
export const RefundItemInputSchema = OrderItemRefInputSchema.extend({
  reason: z
    .enum(REFUND_REASON_CODES, { error: `must be one of ${REFUND_REASON_CODES.join(', ')}` })
    .optional()
    .describe('why the item is refunded, if the shopper says'),
  note: z
    .string({ error: 'must be text' })
    .trim()
    .max(REFUND_NOTE_MAX, `must be at most ${REFUND_NOTE_MAX} characters long`)
    .optional()
    .describe('the shopper’s own words about the reason; empty means none'),
  to: z
    .enum(REFUND_DESTINATIONS, { error: `must be one of ${REFUND_DESTINATIONS.join(', ')}` })
    .optional()
    .describe(
      'where the money goes: `original` (default) back through the payment provider, `credit` at once to the store credit wallet',
    ),
});
export type RefundItemInput = z.input<typeof RefundItemInputSchema>;

/** `orders/changePlan` (requirements §15): another plan of the same product for a bought item. */
export const ChangePlanInputSchema = z.object({
  orderId: OrderId,
  itemId: OrderItemId,
  variantId: publicId('plan', 'variantId must be a plan id'),
  paymentMethodId: PaymentMethodId.optional().describe('the card that pays an upgrade; the order’s card by default'),
  idempotencyKey: IdempotencyKey,
});
export type ChangePlanInput = z.infer<typeof ChangePlanInputSchema>;

export const ChangePlanResultSchema = z.object({
  item: OrderItemSchema,
  chargedCents: z.number().int().describe('what the upgrade charged the card, its VAT included (decision 037)'),
  refundedCents: z
    .number()
    .int()
    .describe('what the downgrade refunded, the VAT its charges carried on the difference included (decision 037)'),
});
export type ChangePlanResult = z.infer<typeof ChangePlanResultSchema>;

/** One other plan of the item's product, as the order item page offers it (decision 010). */
export const PlanOptionSchema = z.object({
  variantId: z.number().int(),
  name: z.string(),
  kind: PlanKindSchema,
  billingInterval: BillingIntervalSchema.nullable(),
  price: z.number().int().describe('unit price now, cents'),
  currency: z.string(),
  features: z.array(z.string()),
  direction: z.enum(['upgrade', 'downgrade', 'same_price']),
  chargeCents: z.number().int().describe('the price difference changing to it charges now, VAT apart'),
  refundCents: z.number().int().describe('the price difference changing to it refunds now, VAT apart'),
  creditRefundCents: z
    .number()
    .int()
    .describe(
      'the part of refundCents that returns as store credit, the item having been paid with it (decision 030); the card gets the rest with taxCents',
    ),
  taxCents: z
    .number()
    .int()
    .describe(
      'the VAT charged on top of chargeCents at the billing profile now, or returned with refundCents (decision 037)',
    ),
  renewalCents: z
    .number()
    .int()
    .nullable()
    .describe(
      'a subscription plan: what each renewal charges after the change, the item’s quantity and the VAT at today’s billing details included; null for a lifetime plan',
    ),
  available: z.boolean(),
  unavailableReason: z.string().nullable().describe('why the change cannot be made, in words for the page'),
});
export type PlanOption = z.infer<typeof PlanOptionSchema>;

/** What a subscription's next renewal charges, at today's prices and billing details (decisions 010, 037). */
export const NextRenewalSchema = z.object({
  priceCents: z.number().int().describe('the period’s price for the item’s quantity, VAT apart'),
  taxCents: z.number().int().describe('the VAT on it at the buyer’s billing details today'),
});
export type NextRenewal = z.infer<typeof NextRenewalSchema>;

export const PlanOptionsResultSchema = z.object({
  options: z.array(PlanOptionSchema),
  nextRenewal: NextRenewalSchema.nullable().describe(
    'an active subscription that renews: what its next renewal charges if nothing changes; null otherwise',
  ),
});
export type PlanOptionsResult = z.infer<typeof PlanOptionsResultSchema>;
