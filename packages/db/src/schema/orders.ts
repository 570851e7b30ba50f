import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { billingInterval, licenseCodes, planKind, plans, products } from './catalog';
import { paymentMethods, paymentProvider } from './payments';
import { sales } from './sales';
import { users } from './users';

// Statuses of decision 007's checkout; decision 010 adds `refunded` (its codes revoked, its money
// returned) and `ended` (a subscription canceled at period end or whose renewal failed).
export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'failed']);
export const orderItemStatus = pgEnum('order_item_status', ['pending', 'active', 'canceled', 'refunded', 'ended']);
// Decision 039 adds a card dispute the provider took back (`chargeback`) and a won dispute's money
// returned (`chargeback_reversal`).
export const moneyMovementKind = pgEnum('money_movement_kind', [
  'charge',
  'refund',
  'chargeback',
  'chargeback_reversal',
]);

/**
 * One checkout attempt of a cart (requirements §11, decision 007). Created `pending` with its
 * codes reserved, then `paid` or `failed`. (user, idempotency key) is unique, so the same key
 * always finds the same order; the provider is charged with a key derived from the order id.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    idempotencyKey: text().notNull(),
    // SHA-256 of the cart lines and payment method the key was first used with: a key reused
    // for another cart is refused instead of answering an unrelated order.
    requestHash: text().notNull(),
    status: orderStatus().notNull().default('pending'),
    currency: text().notNull(),
    totalCents: integer().notNull(),
    originalTotalCents: integer().notNull(),
    provider: paymentProvider().notNull(),
    paymentMethodId: uuid().references(() => paymentMethods.id, { onDelete: 'set null' }),
    // The card as charged, kept so that a retry or the reconciliation job can address the same
    // payment after the card is removed, and the receipt can name it. Null when store credit
    // paid the whole total and no card was given (decision 030).
    paymentToken: text(),
    customerRef: text(),
    cardBrand: text(),
    cardLast4: text(),
    // The part of the total paid with store credit (decision 030): the wallet's `spend:<orderId>`
    // movement; the card is charged the rest. Set in the reservation's transaction.
    paidWithCreditCents: integer().notNull().default(0),
    // VAT on digital services (decision 037): the sum of the items' tax, charged on top of
    // `total_cents` (which stays the price without tax); the rate as basis points (1900 = 19%);
    // whether the buyer was reverse-charged (0%, the legal note on the invoice); and the buyer's
    // billing profile as it was when the order was made, for the invoice (null without one).
    taxCents: integer().notNull().default(0),
    taxRateBasisPoints: integer().notNull().default(0),
    taxReverseCharge: boolean().notNull().default(false),
    billingDetails: jsonb(),
    // The coupon the order was made with (decision 040) and what it took off `original` prices:
    // `total_cents` is after it, and it is the sum of the items' `discount_cents`.
    couponCode: text(),
    discountCents: integer().notNull().default(0),
    // The provider's payment (sandbox charge, Stripe PaymentIntent) once known.
    providerPaymentId: text(),
    failureCode: text(),
    failureMessage: text(),
    // Reconciliation lease: the job looks at a pending order only after this time, so it never
    // races the request that is still paying it (decision 007).
    nextCheckAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    check('orders_total_check', sql`${t.totalCents} >= 0 and ${t.originalTotalCents} >= ${t.totalCents}`),
    check('orders_paid_with_credit_check', sql`${t.paidWithCreditCents} between 0 and ${t.totalCents}`),
    check('orders_discount_check', sql`${t.discountCents} >= 0`),
    check('orders_tax_check', sql`${t.taxCents} >= 0 and ${t.taxRateBasisPoints} >= 0`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_pending_check_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One cart line of an order: the product and plan as they were sold (names, prices, refund
 * window), since the catalogue may change afterwards. Prices come from the database at
 * checkout, never from the client.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    position: integer().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    productName: text().notNull(),
    planName: text().notNull(),
    planKind: planKind().notNull(),
    billingInterval: billingInterval(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    unitOriginalPriceCents: integer().notNull(),
    amountCents: integer().notNull(),
    // The coupon's share of the item (decision 040): `amount_cents` is what the buyer pays for it,
    // `unit_price_cents * quantity - discount_cents`, so refunds and sale money follow the price paid.
    discountCents: integer().notNull().default(0),
    // The sale the item was bought in (decision 042) and what it took off the list price for the
    // item's quantity: `unit_price_cents` is already the sale price, so this only records it for
    // the receipt and the invoice; null and 0 outside a sale.
    saleId: uuid().references(() => sales.id),
    saleDiscountCents: integer().notNull().default(0),
    // The item's share of the order's store credit (decision 030, largest remainder): a refund
    // returns it as credit whatever the destination chosen; its card charge is the rest.
    paidWithCreditCents: integer().notNull().default(0),
    // VAT on the item's amount at the order's rate, rounded half up (decision 037); card-paid.
    taxCents: integer().notNull().default(0),
    currency: text().notNull(),
    status: orderItemStatus().notNull().default('pending'),
    // requirements §9: the product's window at purchase; 0 = no refunds (refundable_until null).
    refundWindowDays: integer().notNull(),
    refundableUntil: timestamp({ withTimezone: true }),
    // Subscriptions: the period paid for; renewals move it (decision 010).
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    // The buyer's "cancel at period end": the renewal job ends the item instead of charging it.
    cancelAtPeriodEnd: boolean().notNull().default(false),
    // Failed renewal attempts of the current period and when the next retry is due (decision 010:
    // three retries over 7 days); null while the next attempt is at `period_end`.
    renewalFailures: integer().notNull().default(0),
    renewalRetryAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    // Who holds the item when it is not the order's buyer: the recipient who claimed a gift or a
    // transfer (decision 043). Null while the buyer holds it (or a gift waits for its claim).
    holderId: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // requirements §9: at most 9 codes of one plan in one order (stacking).
    check('order_items_quantity_check', sql`${t.quantity} between 1 and 9`),
    check(
      'order_items_amount_check',
      sql`${t.amountCents} = ${t.unitPriceCents} * ${t.quantity} - ${t.discountCents} and ${t.discountCents} >= 0`,
    ),
    check('order_items_refund_window_check', sql`${t.refundWindowDays} >= 0`),
    // Not bounded by amount_cents: a downgrade lowers the amount and returns credit as it goes.
    check('order_items_paid_with_credit_check', sql`${t.paidWithCreditCents} >= 0`),
    check('order_items_tax_check', sql`${t.taxCents} >= 0`),
    check('order_items_sale_discount_check', sql`${t.saleDiscountCents} >= 0`),
    unique('order_items_order_position_key').on(t.orderId, t.position),
    index('order_items_product_status_idx').on(t.productId, t.status),
    // The items a recipient holds from others' orders (decision 043).
    index('order_items_holder_id_idx').on(t.holderId).where(sql`${t.holderId} is not null`),
    // The renewal job's scan: active subscriptions by the time their next attempt is due.
    index('order_items_renewal_due_idx')
      .on(sql`coalesce(${t.renewalRetryAt}, ${t.periodEnd})`)
      .where(sql`${t.status} = 'active' and ${t.planKind} = 'subscription'`),
    // The refund reminders' scan (decision 029): active items by their refund deadline.
    index('order_items_refund_reminder_idx')
      .on(t.refundableUntil)
      .where(sql`${t.status} = 'active' and ${t.refundableUntil} is not null`),
  ],
);

/**
 * Which item holds which code. The code is the primary key, so no code can ever belong to two
 * items (requirements §11: "two buyers never get the same code"). A failed order's links are
 * deleted as its codes go back to the pool; a refunded item keeps its revoked codes.
 */
export const orderItemCodes = pgTable(
  'order_item_codes',
  {
    licenseCodeId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => licenseCodes.id),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id),
    // The buyer's own mark that the code was redeemed at the seller (activation state).
    redeemedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('order_item_codes_order_item_id_idx').on(t.orderItemId)],
);

/**
 * Every money movement is a row (decision 007; refunds and payouts too, decisions 010 and 014): a charge writes one
 * row per order item with the item's amount, all naming the provider's payment; a refund will
 * write its own rows, a card dispute its chargeback rows (decision 039). Per order, charges minus
 * refunds and chargebacks plus reversals is what the provider holds.
 */
export const moneyMovements = pgTable(
  'money_movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: moneyMovementKind().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id),
    amountCents: integer().notNull(),
    // Of amountCents, the VAT (decision 037): money the store owes the tax authority, not the
    // seller, so the sellers' sale money counts `amount_cents - tax_cents`.
    taxCents: integer().notNull().default(0),
    currency: text().notNull(),
    provider: paymentProvider().notNull(),
    providerReference: text().notNull(),
    // A refund names the charge row it returns money from (a provider refunds one payment); a
    // chargeback and its reversal name the charge the dispute took money from (decision 039).
    refundedMovementId: uuid().references((): AnyPgColumn => moneyMovements.id),
    // The refund, plan change or renewal that moved it (null for the checkout's charges).
    adjustmentId: uuid().references(() => orderItemAdjustments.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('money_movements_amount_check', sql`${t.amountCents} > 0`),
    check('money_movements_tax_check', sql`${t.taxCents} between 0 and ${t.amountCents}`),
    // Compared as text: a check naming the enum's new values could not be added with them.
    check(
      'money_movements_refund_source_check',
      sql`(${t.kind}::text <> 'charge') = (${t.refundedMovementId} is not null)`,
    ),
    unique('money_movements_kind_reference_item_key').on(t.kind, t.providerReference, t.orderItemId),
    index('money_movements_order_id_idx').on(t.orderId),
    index('money_movements_order_item_id_idx').on(t.orderItemId),
    // The rows of one adjustment: what a renewal owes back is its refund rows' sum (decision 020).
    index('money_movements_adjustment_id_idx').on(t.adjustmentId),
    // The disputes of a VAT report's quarter (decision 048, "Chargebacks"): found by kind and
    // date instead of reading every movement. Not a partial index of the dispute kinds: a
    // predicate naming them fails in the migration that runs with the one adding them (a fresh
    // database), and one comparing them as text is refused (the cast is not immutable).
    index('money_movements_kind_created_at_idx').on(t.kind, t.createdAt),
  ],
);

export const adjustmentKind = pgEnum('order_item_adjustment_kind', ['refund', 'plan_change', 'renewal']);
export const adjustmentStatus = pgEnum('order_item_adjustment_status', ['pending', 'succeeded', 'failed']);

/**
 * One change of a bought item that moves money (decision 010): a refund, a plan change, a
 * subscription renewal. It is written `pending` before the provider is called and finished by one
 * guarded statement after; the partial unique index allows one pending change per item, so two
 * refunds, a refund during a plan change or two upgrades at once cannot both proceed. Its id is
 * the base of the provider's idempotency keys, so a retry or the job repeats the same payment.
 */
export const orderItemAdjustments = pgTable(
  'order_item_adjustments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    kind: adjustmentKind().notNull(),
    status: adjustmentStatus().notNull().default('pending'),
    // The client's key of a plan change: the same key answers the same change.
    idempotencyKey: text(),
    fromPlanId: integer().references(() => plans.id),
    toPlanId: integer().references(() => plans.id),
    // Cents charged (plan change up, renewal) or refunded (refund, plan change down).
    chargeCents: integer().notNull().default(0),
    refundCents: integer().notNull().default(0),
    // Of refundCents, the part the item was paid with store credit: it returns as credit, whatever
    // the refund's destination (decision 030).
    creditRefundCents: integer().notNull().default(0),
    // VAT (decision 037): what an upgrade or a renewal charges on top of `chargeCents`, decided at
    // the buyer's billing facts when the change began, or what a refund or downgrade returns of
    // the VAT its charges carried (included in `refundCents`). Rate, reverse charge and billing
    // details as decided, for the adjustment's invoice (decision 038).
    taxCents: integer().notNull().default(0),
    taxRateBasisPoints: integer().notNull().default(0),
    taxReverseCharge: boolean().notNull().default(false),
    billingDetails: jsonb(),
    // The card a charge uses, as it was when the change began.
    paymentToken: text(),
    customerRef: text(),
    // Renewals: the period end this attempt renews, and which attempt it is.
    periodEnd: timestamp({ withTimezone: true }),
    attempt: integer().notNull().default(0),
    failureMessage: text(),
    // Refunds: why the shopper asked, if they said (one of contracts' REFUND_REASONS), and their
    // own words (at most 500 characters); null for refunds nobody gave a reason for.
    refundReason: text(),
    refundNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    // The job picks a pending change up only after this, so it never races the request.
    nextCheckAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('order_item_adjustments_amounts_check', sql`${t.chargeCents} >= 0 and ${t.refundCents} >= 0`),
    check('order_item_adjustments_credit_refund_check', sql`${t.creditRefundCents} between 0 and ${t.refundCents}`),
    check('order_item_adjustments_tax_check', sql`${t.taxCents} >= 0 and ${t.taxRateBasisPoints} >= 0`),
    check(
      'order_item_adjustments_refund_reason_check',
      sql`${t.refundReason} is null or ${t.refundReason} in ('not_as_expected', 'missing_features', 'found_better_tool', 'bought_by_mistake', 'other')`,
    ),
    check('order_item_adjustments_refund_note_check', sql`char_length(${t.refundNote}) <= 500`),
    uniqueIndex('order_item_adjustments_one_pending_key').on(t.orderItemId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('order_item_adjustments_user_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('order_item_adjustments_renewal_attempt_key')
      .on(t.orderItemId, t.periodEnd, t.attempt)
      .where(sql`${t.kind} = 'renewal'`),
    index('order_item_adjustments_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    // An item's refunds, plan changes and renewals of every status (the admin's order page, the
    // lifetime promise's protection, checkout's reads): the pending-only key above does not serve them.
    index('order_item_adjustments_item_idx').on(t.orderItemId),
    index('order_item_adjustments_pending_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    // Renewal charges marked to go back, which every round of the renewal job looks for (decision 020).
    index('order_item_adjustments_owed_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'renewal' and ${t.status} = 'succeeded' and ${t.refundCents} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemAdjustmentRow = typeof orderItemAdjustments.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
