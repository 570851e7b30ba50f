import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { plans, products } from './catalog';
import { users } from './users';

/**
 * One row per (user, product, plan) in a cart. The unique constraint lets `cart/change` be one
 * atomic upsert, so parallel changes can neither duplicate a line nor lose an update.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    // Decision 021: the unit price (cents) and refund window (days) the cart last showed its
    // owner; checkout never charges more, nor sells a shorter window, than these. Null: the line
    // was written outside the cart API (a bench or an import) and has never been shown.
    shownPriceCents: integer(),
    shownRefundWindowDays: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_user_product_plan_key').on(t.userId, t.productId, t.planId),
    // requirements §9: at most 9 codes of one plan in one order (stacking limit).
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 9`),
  ],
);

/** A wishlist entry; `plan_id` is null for a product-level favorite (requirements §3 variantId optional). */
export const favorites = pgTable(
  'favorites',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    planId: integer().references(() => plans.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('favorites_user_product_plan_key').on(t.userId, t.productId, t.planId).nullsNotDistinct(),
    // Who saved a product: every wishlist alert (price drop, codes back, ending soon) joins by
    // product, and the key above leads with the user, so each was a scan of all favorites.
    index('favorites_product_idx').on(t.productId),
  ],
);

/**
 * An upvote; `plan_id` is null for a product-level upvote. `products.upvote_count` follows these
 * rows, changed in the same transaction. `created_at` feeds the trending score's time decay.
 */
export const upvotes = pgTable(
  'upvotes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    planId: integer().references(() => plans.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('upvotes_user_product_plan_key').on(t.userId, t.productId, t.planId).nullsNotDistinct(),
    index('upvotes_product_id_created_at_idx').on(t.productId, t.createdAt),
  ],
);
