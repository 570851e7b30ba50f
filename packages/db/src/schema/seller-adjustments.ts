import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products, sellers } from './catalog';
import { orderItems } from './orders';

/** Why a seller's payable moved outside a sale (decision 031): `protection` funds a buyer's lifetime-promise credit. */
export const sellerAdjustmentKind = pgEnum('seller_adjustment_kind', ['protection']);

/**
 * Movements of a seller's payable that are not sales (decision 031, beside decision 014's
 * computed payouts): one row per event, never changed, signed cents. `key` names the event
 * (`protection:<itemId>`), unique, so an item's protection is charged to its seller once. The
 * statement lists them in the month of `created_at`; the payable balance adds them, and may go
 * below zero: later sales pay it back first, and what is never paid back is the store's loss.
 */
export const sellerAdjustments = pgTable(
  'seller_adjustments',
  {
    id: uuid().primaryKey().defaultRandom(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    orderItemId: uuid().references(() => orderItems.id),
    kind: sellerAdjustmentKind().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    key: text().notNull().unique('seller_adjustments_key_key'),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('seller_adjustments_seller_created_idx').on(t.sellerId, t.createdAt),
    check('seller_adjustments_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);
