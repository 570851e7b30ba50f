import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders';
import { users } from './users';

/**
 * The affiliate programme (requirements §13, decision 012). One membership per user; its code
 * is what `?ref=CODE` links carry.
 */
export const affiliates = pgTable('affiliates', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .unique('affiliates_user_id_key')
    .references(() => users.id),
  code: text().notNull().unique('affiliates_code_key'),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * One visit through a `?ref=CODE` link. The visitor's browser keeps the click's token in a
 * first-party cookie (only its SHA-256 is stored here, like session tokens): the checkout reads
 * it back to attribute the order to the last code clicked, for 30 days. A visit is counted on the
 * dashboard once per visitor, code and UTC day (decision 012): a repeat that must still move the
 * attribution is a row without `counted_on`.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id),
    tokenHash: text().notNull().unique('affiliate_clicks_token_hash_key'),
    // The page the link pointed to (path only, no query), for the dashboard.
    landingPath: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    // Who clicked: carried over from the click of the browser's cookie, else a SHA-256 of the
    // address and user-agent (never the address itself). Null on clicks from before it existed.
    visitorKey: text(),
    // The UTC day this click was counted; null for a repeat visit kept only for attribution.
    countedOn: date({ mode: 'string' }),
  },
  (t) => [
    index('affiliate_clicks_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    // One counted click per visitor, code and day, even for visits racing on several instances.
    uniqueIndex('affiliate_clicks_visitor_day_key').on(t.affiliateId, t.visitorKey, t.countedOn),
  ],
);

/**
 * The attribution copied onto an order at checkout, in the transaction that makes the order.
 * A row of its own rather than a column of `orders`, so the checkout's statements stay as
 * decision 007 describes them; self-referrals are never written.
 */
export const orderAttributions = pgTable(
  'order_attributions',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id),
    clickId: bigint({ mode: 'number' })
      .notNull()
      .references(() => affiliateClicks.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    // When the order's commissions were written (or, for a failed order, found to be none): the
    // accrual job only looks at rows without it.
    accruedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('order_attributions_unaccrued_idx').on(t.createdAt).where(sql`${t.accruedAt} is null`)],
);

/** Where a commission stands: earned and waiting for the refund window, payable, or taken back. */
export const commissionStatus = pgEnum('commission_status', ['pending', 'approved', 'reversed']);

/**
 * One commission per order item of an attributed, paid order: 10% of what the item paid, rounded
 * down to the cent. Pending until the item's refund window closes, then approved; reversed when
 * the item is refunded. `order_item_id` is unique, so a commission is never earned twice.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    orderItemId: uuid()
      .notNull()
      .unique('affiliate_commissions_order_item_id_key')
      .references(() => orderItems.id),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: commissionStatus().notNull().default('pending'),
    // When the commission may be approved: the item's refund window end (its payment time when
    // the deal has no refund window).
    approvableAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('affiliate_commissions_amount_check', sql`${t.amountCents} >= 0`),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('affiliate_commissions_pending_idx').on(t.approvableAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The buckets an affiliate's money sits in; a movement moves an amount into or out of one. */
export const commissionBucket = pgEnum('commission_bucket', ['pending', 'approved', 'reversed']);

/**
 * Every movement of an affiliate's money is a row (decision 012): earning adds to `pending`;
 * approval moves the amount from `pending` to `approved`; a refund moves it from where it was to
 * `reversed`. Per affiliate, the sum per bucket equals the commissions in that status, which a
 * test checks.
 */
export const affiliateLedger = pgTable(
  'affiliate_ledger',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id),
    commissionId: uuid()
      .notNull()
      .references(() => affiliateCommissions.id),
    bucket: commissionBucket().notNull(),
    deltaCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('affiliate_ledger_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('affiliate_ledger_commission_idx').on(t.commissionId),
  ],
);

export type AffiliateRow = typeof affiliates.$inferSelect;
export type AffiliateCommissionRow = typeof affiliateCommissions.$inferSelect;
