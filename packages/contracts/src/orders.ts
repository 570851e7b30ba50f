import { z } from 'zod';
import { BillingIntervalSchema, PlanKindSchema } from './catalog';
import {
  DEFAULT_ORDERS_PAGE_SIZE,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  MAX_ORDERS_PAGE_SIZE,
  REFUND_DESTINATIONS,
} from './constants';
import { GiftToSchema, ItemTransferViewSchema, ReceivedFromSchema } from './gift-shapes';
import { ownedUuid, publicId } from './ids';
import { LifetimePromiseSchema } from './lifetime-promise';
import { CodeRevocationSchema, ItemPlanChangeSchema, ItemRefundMoneySchema, OrderMoneySchema } from './order-money';
import { JsonPageNumberSchema } from './paging';
import { PaymentMethodId } from './payments';

// The caller's own order and its items: another user's answer 404 (requirements §6). Both name
// the resource 'order', since an item id only means something with its order's.
export const OrderId = ownedUuid('order', 'must be an order id');
export const OrderItemId = ownedUuid('order', 'must be an order item id');

/**
 * `orders/checkout` (requirements §15). The key is the client's, one per purchase attempt: the
 * same key from the same user answers the first result and never charges twice. Visible ASCII
 * only, so it can be logged and compared without surprises.
 */
export const IdempotencyKey = z
  .string({ error: 'is required' })
  .min(IDEMPOTENCY_KEY_MIN_LENGTH, `must be at least ${IDEMPOTENCY_KEY_MIN_LENGTH} characters`)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters without spaces');

export const CheckoutInputSchema = z
  .object({
    paymentMethodId: PaymentMethodId.optional().describe(
      'the card that pays; may be left out only with useCredit, when store credit covers the whole total (400 otherwise)',
    ),
    useCredit: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .describe('pay with the store credit balance first, the card the rest (decision 030)'),
    idempotencyKey: IdempotencyKey,
    expectedTotal: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        'cents: the total the shopper confirmed, VAT included (the cart’s totalWithTaxCents, decision 037); another total on the server is refused with 409 and nothing is charged. Without it, no line is charged more than the cart last showed (decision 021)',
      ),
    giftTo: GiftToSchema.optional().describe(
      'buy the cart as a gift (decision 043): the codes are held for the recipient, who claims each item with the mailed link; lifetime deals only',
    ),
  })
  // A card is optional only when store credit may pay: whether it covers the total is known only
  // under the wallet's lock, and a remainder without a card is then 400 (decision 030).
  .refine((input) => input.paymentMethodId !== undefined || input.useCredit === true, {
    message: 'is required',
    path: ['paymentMethodId'],
  });
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

/**
 * `orders/getCheckoutTotals` (decision 037): what checkout would charge for the cart now, VAT
 * included, computed by the same functions as checkout. The shopper confirms `totalWithTaxCents`
 * as checkout's `expectedTotal`.
 */
export const CheckoutTotalsSchema = z.object({
  subtotalCents: z.number().int().describe('the cart’s price without VAT (the cart’s totalPrice)'),
  taxCents: z.number().int(),
  taxRate: z.number().describe('percentage: 19 for 19%, 25.5 for 25.5%; 0 without VAT or when reverse-charged'),
  taxCountry: z.string().nullable().describe('the billing country whose VAT applies; null when none does'),
  taxReverseCharge: z.boolean(),
  taxNote: z.string().nullable().describe('the reverse charge’s legal note, when it applies'),
  totalWithTaxCents: z.number().int(),
  currency: z.string(),
  recurringTotals: z
    .array(
      z.object({
        interval: BillingIntervalSchema,
        subtotalCents: z.number().int(),
        taxCents: z.number().int(),
        totalWithTaxCents: z.number().int(),
      }),
    )
    .describe(
      'what the subscription lines charge again every month or year, after the coupon (its discount stays on every renewal, decision 040), with VAT at today’s rate (each renewal’s VAT is decided when it is charged); empty when nothing recurs',
    ),
});
export type CheckoutTotals = z.infer<typeof CheckoutTotalsSchema>;

/** `pending` until the provider settles the payment, then `paid`; a refused payment is `failed`. */
export const OrderStatusSchema = z.enum(['pending', 'paid', 'failed']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * An item is `active` once paid (its codes are the buyer's), `canceled` when its order failed,
 * `refunded` after a refund, `ended` when a subscription ran out (canceled or unpaid renewal).
 */
export const OrderItemStatusSchema = z.enum(['pending', 'active', 'canceled', 'refunded', 'ended']);
export type OrderItemStatus = z.infer<typeof OrderItemStatusSchema>;

/**
 * `redeemed` is the buyer's own mark (requirements §11 activation state); `revoked` follows a
 * refund, a plan change, a card dispute or a subscription's end (the code's `revocation` says which).
 */
export const LicenseCodeStatusSchema = z.enum(['active', 'redeemed', 'revoked']);
export type LicenseCodeStatus = z.infer<typeof LicenseCodeStatusSchema>;

export const OrderCodeSchema = z.object({
  code: z.string(),
  status: LicenseCodeStatusSchema,
  redeemedAt: z.string().nullable(),
  revocation: CodeRevocationSchema.optional().describe('a revoked code: why it stopped working'),
});
export type OrderCode = z.infer<typeof OrderCodeSchema>;

export const OrderItemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  productId: z.number().int(),
  variantId: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  productLogoUrl: z.string(),
  planName: z.string(),
  planKind: PlanKindSchema,
  billingInterval: BillingIntervalSchema.nullable(),
  quantity: z.number().int(),
  price: z.number().int().describe('unit price paid, cents'),
  originalPrice: z.number().int().describe('unit list price at purchase, cents'),
  amount: z
    .number()
    .int()
    .describe('price × quantity less its coupon share, cents, on the plan held now (a plan change moves it)'),
  checkoutCents: z.number().int().describe('the line’s price at checkout, VAT apart: what `amount` was when bought'),
  paidCents: z
    .number()
    .int()
    .describe(
      'what the line cost, VAT apart: checkoutCents plus what its plan changes charged, less what they returned; its renewals and its own refund aside (the order’s `money` has every payment)',
    ),
  planChanges: z.array(ItemPlanChangeSchema).describe('the plan changes that went through, oldest first'),
  savedCents: z
    .number()
    .int()
    .describe(
      'what the buyer saves on list prices with the plan held now: its list price × quantity less paidCents (a subscription: less amount, per period); 0 once refunded',
    ),
  saleDiscount: z
    .number()
    .int()
    .describe('what the store-wide sale it was bought in took off its list price, cents (decision 042); 0 outside one'),
  paidWithCreditCents: z
    .number()
    .int()
    .describe(
      'the store credit the item holds: its share of checkout’s, less once a downgrade returned part of it; a refund always returns it as credit',
    ),
  refundMoney: ItemRefundMoneySchema.nullable(),
  taxCents: z.number().int().describe('VAT on the amount at the order’s rate (decision 037), charged on top of it'),
  currency: z.string(),
  status: OrderItemStatusSchema,
  codes: z.array(OrderCodeSchema).describe('one per unit once paid; empty before'),
  redemptionUrl: z.string().nullable(),
  refundWindowDays: z.number().int(),
  refundableUntil: z.string().nullable().describe('null before payment and when the product takes no refunds'),
  currentPeriodStart: z.string().nullable().describe('subscriptions: the paid period'),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean().describe('subscriptions: ends at the period end instead of renewing'),
  nextRenewalAt: z
    .string()
    .nullable()
    .describe(
      'subscriptions: when the card is charged next (a retry after a failed renewal); null when it will not be',
    ),
  renewalFailures: z.number().int().describe('failed renewal attempts of the current period'),
  refundedAt: z.string().nullable(),
  refundedTo: z
    .enum(REFUND_DESTINATIONS)
    .optional()
    .describe('a refunded item: where its money went, the card it was paid with or store credit'),
  endedAt: z.string().nullable(),
  /**
   * The product's lifetime promise (decision 031) once its deal is ending: a sunset's date and
   * notice, or its shutdown. Absent while the deal is active.
   */
  lifetimePromise: LifetimePromiseSchema.optional(),
  transfer: ItemTransferViewSchema.optional().describe(
    'the buyer’s view of an item given or being transferred (decision 043): its codes are not shown to the buyer',
  ),
  receivedFrom: ReceivedFromSchema.optional().describe(
    'an item the caller claimed from someone else (decision 043): amounts are 0, what was paid is the giver’s',
  ),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  total: z.number().int().describe('cents of the price, without VAT (decision 037: taxCents is added on top)'),
  originalTotal: z.number().int().describe('cents at list prices'),
  discount: z.number().int().describe('originalTotal − total, cents'),
  currency: z.string(),
  paidWithCreditCents: z.number().int().describe('the part of the total paid with store credit (decision 030)'),
  taxCents: z.number().int().describe('VAT charged on top of the total, the sum of the items’ (decision 037)'),
  taxRate: z.number().describe('the VAT rate as a percentage: 19 for 19%, 25.5 for 25.5%; 0 without VAT'),
  taxReverseCharge: z
    .boolean()
    .describe(
      'an EU business with a valid VAT id: 0% VAT, accounted for by the buyer (Article 196, Directive 2006/112/EC)',
    ),
  totalWithTaxCents: z
    .number()
    .int()
    .describe('total + taxCents: what the order cost at checkout, card and store credit together'),
  money: OrderMoneySchema,
  savedCents: z
    .number()
    .int()
    .describe('the items’ savedCents: what the order saves on list prices with the plans held now, refunds aside'),
  payment: z
    .object({ brand: z.string(), last4: z.string() })
    .nullable()
    .describe('the card charged the rest; null when store credit paid it all'),
  items: z.array(OrderItemSchema),
  invoiceNumber: z
    .string()
    .nullable()
    .describe("the paid order's invoice, EVD-{year}-{6 digits} (decision 038); its PDF is GET /invoices/{orderId}.pdf"),
  creditNotes: z
    .array(
      z.object({
        id: z.string(),
        number: z.string().describe('EVD-CN-{year}-{6 digits}'),
        amountCents: z.number().int().describe('cents credited'),
        issuedAt: z.string(),
      }),
    )
    .describe('one per refund or refunding plan change; PDF at GET /credit-notes/{id}.pdf'),
  adjustmentInvoices: z
    .array(
      z.object({
        id: z.string(),
        number: z.string().describe('EVD-{year}-{6 digits}, the series of the order invoices'),
        adjustmentId: z.string(),
        kind: z.enum(['plan_change', 'renewal']).describe('an upgrade, or a subscription renewal'),
        amountCents: z.number().int().describe('cents charged, VAT included'),
        issuedAt: z.string(),
      }),
    )
    .describe(
      'one per upgrade or renewal that charged the card (decision 038); PDF at GET /invoices/{orderId}.pdf?adjustment={adjustmentId}',
    ),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * What the browser must do before a Stripe payment can finish (3-D Secure): call
 * `stripe.handleNextAction({clientSecret})`, then follow the order with `orders/getOrder`.
 */
export const PaymentActionSchema = z.object({
  type: z.literal('stripe_next_action'),
  clientSecret: z.string(),
});
export type PaymentAction = z.infer<typeof PaymentActionSchema>;

export const CheckoutResultSchema = z.object({
  order: OrderSchema,
  paymentAction: PaymentActionSchema.nullable().describe('set while a pending order waits for the buyer'),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

export const GetOrdersInputSchema = z.object({
  page: JsonPageNumberSchema.default(1),
  pageSize: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_ORDERS_PAGE_SIZE, `must be at most ${MAX_ORDERS_PAGE_SIZE}`)
    .default(DEFAULT_ORDERS_PAGE_SIZE),
});
export type GetOrdersInput = z.input<typeof GetOrdersInputSchema>;
export type GetOrdersQuery = z.output<typeof GetOrdersInputSchema>;

export const OrderListSchema = z.object({
  orders: z.array(OrderSchema).describe('paid and pending orders, newest first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const GetOrderInputSchema = z.object({ orderId: OrderId });
export type GetOrderInput = z.infer<typeof GetOrderInputSchema>;
export const OrderResultSchema = z.object({ order: OrderSchema });
export type OrderResult = z.infer<typeof OrderResultSchema>;

export const OrderItemRefInputSchema = z.object({ orderId: OrderId, itemId: OrderItemId });
export type OrderItemRefInput = z.infer<typeof OrderItemRefInputSchema>;
export const OrderItemResultSchema = z.object({ item: OrderItemSchema });

export type OrderItemResult = z.infer<typeof OrderItemResultSchema>;

/** `orders/getOwnedItems`: what the caller holds of one product (the product page's "You own this"). */
export const GetOwnedItemsInputSchema = z.object({ productId: publicId('product', 'productId must be a product id') });
export type GetOwnedItemsInput = z.infer<typeof GetOwnedItemsInputSchema>;

export const OwnedItemSchema = z.object({
  orderId: z.string(),
  itemId: z.string(),
  variantId: z.number().int(),
  planName: z.string(),
  quantity: z.number().int(),
});
export type OwnedItem = z.infer<typeof OwnedItemSchema>;

export const OwnedItemsSchema = z.object({
  items: z
    .array(OwnedItemSchema)
    .describe('active items (paid, not refunded, not ended) of the product in the caller’s paid orders, newest first'),
});
export type OwnedItems = z.infer<typeof OwnedItemsSchema>;

/** The buyer marks one of an item's codes redeemed at the seller's site (or takes the mark back). */
export const SetCodeRedeemedInputSchema = z.object({
  orderId: OrderId,
  itemId: OrderItemId,
  code: z
    .string({ error: 'must be a license code' })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    // No control characters: PostgreSQL refuses NUL in text, and no code holds any (requirements §8).
    .regex(/^[^\p{Cc}]+$/u, 'must be a license code'),
  redeemed: z.boolean({ error: 'must be true or false' }).default(true),
});
export type SetCodeRedeemedInput = z.input<typeof SetCodeRedeemedInputSchema>;
