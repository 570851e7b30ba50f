import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { billingInterval, licenseCodes, planKind, plans, products } from './catalog';
import { paymentMethods, paymentProvider } from './payments';
import { users } from './users';

// Statuses the checkout of decision 007 uses. Refunds and plan changes (requirements §11) add
// their own values (`ALTER TYPE … ADD VALUE`), which no code here has to know about.
export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'failed']);
export const orderItemStatus = pgEnum('order_item_status', ['pending', 'active', 'canceled']);
export const moneyMovementKind = pgEnum('money_movement_kind', ['charge', 'refund']);

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
    // payment after the card is removed, and the receipt can name it.
    paymentToken: text().notNull(),
    customerRef: text(),
    cardBrand: text().notNull(),
    cardLast4: text().notNull(),
    // The provider's payment (sandbox charge, Stripe PaymentIntent) once known.
    providerPaymentId: text(),
    failureCode: text(),
    failureMessage: text(),
    // Reconciliation lease: the job looks at a pending order only after this time, so it never
    // races the request that is still paying it (decision 007).
    nextCheckAt: timestamp({ withTimezone: true }).notNull(),
    receiptSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    check('orders_total_check', sql`${t.totalCents} >= 0 and ${t.originalTotalCents} >= ${t.totalCents}`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_pending_check_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    index('orders_receipt_due_idx').on(t.paidAt).where(sql`${t.status} = 'paid' and ${t.receiptSentAt} is null`),
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
    currency: text().notNull(),
    status: orderItemStatus().notNull().default('pending'),
    // requirements §9: the product's window at purchase; 0 = no refunds (refundable_until null).
    refundWindowDays: integer().notNull(),
    refundableUntil: timestamp({ withTimezone: true }),
    // Subscriptions: the period the checkout paid for; renewals move it (issue 11).
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // requirements §9: at most 9 codes of one plan in one order (stacking).
    check('order_items_quantity_check', sql`${t.quantity} between 1 and 9`),
    check('order_items_amount_check', sql`${t.amountCents} = ${t.unitPriceCents} * ${t.quantity}`),
    check('order_items_refund_window_check', sql`${t.refundWindowDays} >= 0`),
    unique('order_items_order_position_key').on(t.orderId, t.position),
    index('order_items_product_status_idx').on(t.productId, t.status),
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
 * Every money movement is a row (issue 10, for refunds and payouts to come): a charge writes one
 * row per order item with the item's amount, all naming the provider's payment; a refund will
 * write its own rows. Per order, charges minus refunds is what the provider holds.
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
    currency: text().notNull(),
    provider: paymentProvider().notNull(),
    providerReference: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('money_movements_amount_check', sql`${t.amountCents} > 0`),
    unique('money_movements_kind_reference_item_key').on(t.kind, t.providerReference, t.orderItemId),
    index('money_movements_order_id_idx').on(t.orderId),
    index('money_movements_order_item_id_idx').on(t.orderItemId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
