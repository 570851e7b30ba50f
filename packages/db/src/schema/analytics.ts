import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * Seller analytics (requirements §13, decision 025): what happened to a product on one UTC day,
 * as counters. One row per product and day, moved by `insert … on conflict do update` increments
 * (never one row per view), so concurrent beacons cannot lose a count. Nothing about the visitor
 * is stored; sales and revenue are not copied here, they are computed from the order rows.
 */
export const productDailyCounts = pgTable(
  'product_daily_counts',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    /** Product-page views, once per visitor and day (the beacon's dedupe). */
    views: integer().notNull().default(0),
    /** `cart/change` calls that raised the quantity of a line of this product. */
    cartAdds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'product_daily_counts_pkey', columns: [t.productId, t.day] }),
    check('product_daily_counts_nonnegative_check', sql`${t.views} >= 0 and ${t.cartAdds} >= 0`),
  ],
);
