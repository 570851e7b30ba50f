import {
  AppError,
  type CartChangeInput,
  type CartContents,
  type CartItem,
  CouponMessage,
  DEFAULT_CURRENCY,
  MAX_CODES_PER_PLAN,
  OrderMessage,
  recurringTotals,
  ShoppingMessage,
} from '@everdeal/contracts';
import { cartItems, type Db, licenseCodes, plans, products } from '@everdeal/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';
import { effectiveDealStatus } from '../catalog';
import {
  type AppliedCoupon,
  cartCouponOf,
  couponByCode,
  type DiscountLine,
  judgeCoupon,
  removeCartCoupon,
  setCartCoupon,
} from '../coupons';
import { priceIn, type RunningSale, readSaleNow, saleFor, saleTagOf } from '../sales';
import { cartAddStatement, utcDay } from '../sellers';

export type CartDeps = { db: Db; now: () => Date };

/**
 * The available codes of the plan in the query, counted no further than `limit`: a cart line
 * never needs more (requirements §9), and the (plan_id, status) index answers it in at most
 * `limit` steps whatever the pool's size.
 */
const codesLeftUpTo = (limit: number) =>
  sql<number>`(select count(*) from (select 1 from ${licenseCodes} where ${licenseCodes.planId} = ${plans.id} and ${licenseCodes.status} = 'available' limit ${sql.raw(String(limit))}) as left_codes)`.mapWith(
    Number,
  );

/**
 * The hot statements of the cart, built with placeholders and prepared once per database:
 * drizzle then renders each SQL text once instead of on every call (rendering costs more CPU
 * than the round trip, see docs/benchmarks.md), and PostgreSQL plans each once per connection.
 * The benchmark's bare floor (bench/api.ts) sends exactly these texts.
 */
function prepareCartStatements(db: Db) {
  return {
    /** Every line of a user's cart with what the cart page shows, in the order lines were added. */
    lines: db
      .select({
        productId: cartItems.productId,
        variantId: cartItems.planId,
        quantity: cartItems.quantity,
        name: products.name,
        slug: products.slug,
        image: products.logoUrl,
        planName: plans.name,
        planKind: plans.kind,
        billingInterval: plans.billingInterval,
        price: plans.priceCents,
        originalPrice: plans.originalPriceCents,
        currency: plans.currency,
        maxQuantity: codesLeftUpTo(MAX_CODES_PER_PLAN),
        refundWindowDays: products.refundWindowDays,
        shownPrice: cartItems.shownPriceCents,
        shownRefundWindowDays: cartItems.shownRefundWindowDays,
        // Last, so the benchmark floor's columns keep their places.
        saleOptOut: products.saleOptOut,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(plans, eq(plans.id, cartItems.planId))
      // A product taken off the shelf leaves the cart view; checkout will ignore it too.
      .where(and(eq(cartItems.userId, sql.placeholder('userId')), eq(products.isPublished, true)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .prepare('cart_lines'),
    /** The plan of a published product with what decides whether it can be bought now. */
    purchaseTarget: db
      .select({
        productName: products.name,
        planName: plans.name,
        dealStatus: products.dealStatus,
        endsAt: products.endsAt,
        currency: plans.currency,
        codesLeft: codesLeftUpTo(MAX_CODES_PER_PLAN),
        price: plans.priceCents,
        saleOptOut: products.saleOptOut,
        refundWindowDays: products.refundWindowDays,
        // The line's quantity before this change: a rise is a cart add for the seller's
        // analytics (decision 025), known without another statement.
        inCart:
          sql<number>`coalesce((select ${cartItems.quantity} from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')} and ${cartItems.productId} = ${plans.productId} and ${cartItems.planId} = ${plans.id}), 0)`.mapWith(
            Number,
          ),
      })
      .from(plans)
      .innerJoin(products, eq(products.id, plans.productId))
      .where(
        and(
          eq(plans.id, sql.placeholder('planId')),
          eq(plans.productId, sql.placeholder('productId')),
          eq(products.isPublished, true),
        ),
      )
      .limit(1)
      .prepare('cart_purchase_target'),
    /**
     * One atomic statement: the absolute quantity is set (not added), so of two parallel changes
     * the last one wins and the unique (user, product, plan) key never lets a line appear twice.
     */
    upsertLine: db
      .insert(cartItems)
      .values({
        userId: sql.placeholder('userId'),
        productId: sql.placeholder('productId'),
        planId: sql.placeholder('planId'),
        quantity: sql.placeholder('quantity'),
        shownPriceCents: sql.placeholder('shownPrice'),
        shownRefundWindowDays: sql.placeholder('shownRefundWindowDays'),
      })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.planId],
        set: {
          quantity: sql`excluded.quantity`,
          shownPriceCents: sql`excluded.shown_price_cents`,
          shownRefundWindowDays: sql`excluded.shown_refund_window_days`,
          updatedAt: sql`now()`,
        },
      })
      .prepare('cart_upsert_line'),
    deleteLine: db
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.userId, sql.placeholder('userId')),
          eq(cartItems.productId, sql.placeholder('productId')),
          eq(cartItems.planId, sql.placeholder('planId')),
        ),
      )
      .prepare('cart_delete_line'),
  };
}

export type CartStatements = ReturnType<typeof prepareCartStatements>;
const preparedStatements = new WeakMap<Db, CartStatements>();

export function cartStatements(db: Db): CartStatements {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = prepareCartStatements(db);
    preparedStatements.set(db, statements);
  }
  return statements;
}

/** The cart's coupon as the totals use it: its code and each line's discount, in line order. */
export type CartDiscount = { code: string; lineDiscounts: number[] };

/**
 * Totals of requirements §3 from the lines; every line is in USD (cart/change refuses others).
 * `totalPrice` is after the coupon's discounts (decision 040), so `totalDiscount` counts them too,
 * and so do the subscription lines' `recurringTotals`: a renewal charges the item's amount.
 */
export function toCartContents(items: CartItem[], coupon: CartDiscount | null = null): CartContents {
  let itemCount = 0;
  let totalPrice = 0;
  let originalTotalPrice = 0;
  for (const item of items) {
    itemCount += item.quantity;
    totalPrice += item.price * item.quantity;
    originalTotalPrice += item.originalPrice * item.quantity;
  }
  const discountCents = coupon ? coupon.lineDiscounts.reduce((sum, cents) => sum + cents, 0) : 0;
  totalPrice -= discountCents;
  const recurring = recurringTotals(
    items.map((item, index) => ({ ...item, discountCents: coupon?.lineDiscounts[index] ?? 0 })),
  );
  return {
    items,
    itemCount,
    totalPrice,
    originalTotalPrice,
    totalDiscount: originalTotalPrice - totalPrice,
    // Every good is a digital code.
    totalWeight: 0,
    currency: DEFAULT_CURRENCY,
    discounts: coupon ? [{ code: coupon.code, amountCents: discountCents }] : [],
    recurringTotals: recurring.map(({ interval, amount }) => ({ interval, amountCents: amount })),
  };
}

/**
 * Records on the lines the price and refund window the owner is being shown (decision 021):
 * checkout charges no more than this. Exactly the values read, not the plan's current ones, so a
 * change between the read and this write is not taken as shown.
 */
const recordShownTerms = preparedStatement(
  'cart_record_shown_terms',
  () => sql`
    update ${cartItems} ci
    set shown_price_cents = l.price, shown_refund_window_days = l.refund_window_days
    from json_to_recordset(${sql.placeholder('lines')}::json) as l(plan_id int, price int, refund_window_days int)
    where ci.user_id = ${sql.placeholder('userId')} and ci.plan_id = l.plan_id`,
);

/**
 * `/api/cart/getCartContents`: the owner's cart. Lines shown at another price or refund window
 * than last time are recorded as now shown; most reads find nothing to write.
 */
export async function getCartContents({ db, now }: CartDeps, userId: string): Promise<CartContents> {
  const at = now();
  const [lineRows, coupon, { running }] = await Promise.all([
    cartStatements(db).lines.execute({ userId }),
    cartCouponOf(db, userId),
    readSaleNow(db, at),
  ]);
  const rows = priceLines(lineRows, running);
  const changed = rows.filter(
    (row) => row.shownPrice !== row.price || row.shownRefundWindowDays !== row.refundWindowDays,
  );
  if (changed.length > 0) {
    const lines = changed.map((row) => ({
      plan_id: row.variantId,
      price: row.price,
      refund_window_days: row.refundWindowDays,
    }));
    await recordShownTerms(db, { userId, lines: JSON.stringify(lines) });
  }
  const items = rows.map(
    ({ shownPrice: _price, shownRefundWindowDays: _window, saleOptOut: _optOut, ...item }): CartItem => item,
  );
  return toCartContents(items, coupon ? cartDiscount(coupon, items, at) : null);
}

type LineRow = Awaited<ReturnType<CartStatements['lines']['execute']>>[number];

/**
 * The lines at the price they sell for at this moment (decision 042): the sale's, unless the
 * seller keeps the product out; `regularPrice` is the price without it. A coupon then
 * discounts the sale price (decision 040 on top of 042).
 */
function priceLines(rows: LineRow[], running: RunningSale | null) {
  return rows.map((row) => {
    const sale = saleFor(running, row.saleOptOut);
    return { ...row, price: priceIn(sale, row.price), regularPrice: row.price, sale: saleTagOf(sale) };
  });
}

/**
 * The coupon's discount on the cart, as checkout would give it now (decision 040); none while it
 * does not apply (checkout then refuses it with the reason and takes it off the cart).
 */
function cartDiscount(coupon: AppliedCoupon, items: CartItem[], now: Date): CartDiscount | null {
  const judged = judgeCoupon(coupon, items.map(discountLine), now);
  if ('refusal' in judged) return null;
  return { code: coupon.coupon.code, lineDiscounts: judged.discounts };
}

const discountLine = (item: CartItem): DiscountLine => ({
  productId: item.productId,
  amountCents: item.price * item.quantity,
});

/**
 * `/api/cart/applyCoupon` (decision 040): the code replaces the cart's coupon when it applies
 * now to something in the cart; else 400 with the reason and the cart keeps what it had.
 */
export async function applyCoupon(deps: CartDeps, userId: string, code: string): Promise<CartContents> {
  const at = deps.now();
  const [applied, lineRows, { running }] = await Promise.all([
    couponByCode(deps.db, code, userId),
    cartStatements(deps.db).lines.execute({ userId }),
    readSaleNow(deps.db, at),
  ]);
  if (!applied) throw AppError.badRequest(CouponMessage.unknown);
  const judged = judgeCoupon(
    applied,
    priceLines(lineRows, running).map((row) => ({ productId: row.productId, amountCents: row.price * row.quantity })),
    at,
  );
  if ('refusal' in judged) throw AppError.badRequest(judged.refusal);
  await setCartCoupon(deps.db, userId, applied.coupon.id, deps.now());
  return getCartContents(deps, userId);
}

/** `/api/cart/removeCoupon`: the cart without its coupon; a no-op without one. */
export async function removeCoupon(deps: CartDeps, userId: string): Promise<CartContents> {
  await removeCartCoupon(deps.db, userId);
  return getCartContents(deps, userId);
}

/** Postgres "foreign_key_violation": the product or plan vanished between the check and the write. */
function isForeignKeyViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === '23503' || codeOf(cause) === '23503';
}

/**
 * `/api/cart/change`: sets the absolute quantity of one (product, plan) line; 0 removes it.
 * Quantity bounds (0..9) are checked by the contract, the codes left here: more than the pool
 * holds answers 409 naming what is left. Removing needs no check, so a line of a deal that has
 * since ended or sold out can always be taken out. Answers the whole cart.
 */
export async function changeCart(deps: CartDeps, userId: string, input: CartChangeInput): Promise<CartContents> {
  const statements = cartStatements(deps.db);
  const line = { userId, productId: input.productId, planId: input.variantId };
  if (input.quantity === 0) {
    await statements.deleteLine.execute(line);
    return getCartContents(deps, userId);
  }
  const [[target], { running }] = await Promise.all([
    statements.purchaseTarget.execute(line),
    readSaleNow(deps.db, deps.now()),
  ]);
  if (!target) throw AppError.notFound(ShoppingMessage.productOrPlanNotFound);
  // Sold out is judged on this plan below, so the product-wide check gets no plan list.
  if (effectiveDealStatus(target.dealStatus, target.endsAt, [], deps.now()) !== 'live') {
    throw AppError.validation(ShoppingMessage.dealNotPurchasable);
  }
  if (target.codesLeft === 0) throw AppError.validation(ShoppingMessage.planSoldOut);
  // Requirements §9: never more codes in the cart than the pool has left (at most 9 per plan).
  if (input.quantity > target.codesLeft) {
    throw AppError.conflict(OrderMessage.notEnoughCodes(target.productName, target.planName, target.codesLeft));
  }
  if (target.currency !== DEFAULT_CURRENCY) throw AppError.validation(ShoppingMessage.currencyNotSupported);
  try {
    await statements.upsertLine.execute({
      ...line,
      quantity: input.quantity,
      // What the line is about to be shown at (decision 021): the sale price during a sale.
      shownPrice: priceIn(saleFor(running, target.saleOptOut), target.price),
      shownRefundWindowDays: target.refundWindowDays,
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw AppError.notFound(ShoppingMessage.productOrPlanNotFound);
    throw error;
  }
  // Requirements §13 analytics (decision 025): one increment of the product's row for the day.
  if (input.quantity > target.inCart) {
    await cartAddStatement(deps.db).execute({ productId: input.productId, day: utcDay(deps.now()) });
  }
  return getCartContents(deps, userId);
}
