import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './catalog';
import { orders } from './orders';
import { users } from './users';

/**
 * A discount code (decision 040): a percentage or an amount off the eligible lines of a cart,
 * eligible being the listed products, or every product when `product_ids` is null (an admin's
 * store-wide code; a seller's code always lists its own products). `uses` counts the orders that
 * hold a redemption, moved in checkout's reserve transaction under the row's lock, so
 * `max_uses` is never passed by checkouts running together.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Upper case, 3–32 of [A-Z0-9-_]: codes are matched without regard to case.
    code: text().notNull(),
    percentOff: integer(),
    amountOffCents: integer(),
    productIds: integer().array(),
    maxUses: integer(),
    maxUsesPerUser: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    uses: integer().notNull().default(0),
    // Set when an admin or the seller deactivated it: no cart or checkout takes it from then on,
    // past orders keep it (decision 040). Null while it is active.
    deactivatedAt: timestamp({ withTimezone: true }),
    // The seller whose products it discounts; null for an admin's code.
    sellerId: integer().references(() => sellers.id),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('coupons_code_key').on(t.code),
    check(
      'coupons_discount_check',
      sql`(${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.percentOff} is null and ${t.amountOffCents} > 0)`,
    ),
    check('coupons_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('coupons_limits_check', sql`coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerUser}, 1) >= 1`),
    check('coupons_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    index('coupons_seller_idx').on(t.sellerId),
  ],
);

/** The coupon a user's cart holds (decision 040: one per cart; applying another replaces it). */
export const cartCoupons = pgTable('cart_coupons', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: uuid()
    .notNull()
    .references(() => coupons.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * One use of a coupon: the order that holds it. Written with the pending order and deleted when
 * the order is released (the use returns), so the rows of a coupon are its `uses`.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);
export type CouponRow = typeof coupons.$inferSelect;
