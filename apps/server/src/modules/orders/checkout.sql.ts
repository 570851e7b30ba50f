import { createHash } from 'node:crypto';
import {
  cartItems,
  orderItemAdjustments,
  orderItems,
  orders,
  paymentCustomers,
  paymentMethods,
  plans,
  products,
} from '@everdeal/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../lib/prepared';

const P = sql.placeholder;

/**
 * The reads every checkout makes, prepared once per database like the cart's statements
 * (docs/benchmarks.md). Exported for the benchmark's floor, which sends the same statements.
 */
export const checkoutStatements = preparedPerDatabase((db) => ({
  /**
   * The cart as checkout reads it: every line of a published product with the prices, names and
   * rules of the database at this moment (prices never come from the client).
   */
  lines: db
    .select({
      productId: cartItems.productId,
      planId: cartItems.planId,
      quantity: cartItems.quantity,
      productName: products.name,
      productSlug: products.slug,
      productLogoUrl: products.logoUrl,
      redemptionUrl: products.redemptionUrl,
      dealStatus: products.dealStatus,
      endsAt: products.endsAt,
      refundWindowDays: products.refundWindowDays,
      planName: plans.name,
      planKind: plans.kind,
      billingInterval: plans.billingInterval,
      priceCents: plans.priceCents,
      originalPriceCents: plans.originalPriceCents,
      currency: plans.currency,
      // What the cart last showed its owner (decision 021); last, so the bench floor's columns stay.
      shownPriceCents: cartItems.shownPriceCents,
      shownRefundWindowDays: cartItems.shownRefundWindowDays,
      // Whether the seller keeps the product out of store-wide sales (decision 042).
      saleOptOut: products.saleOptOut,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(plans, eq(plans.id, cartItems.planId))
    // The cart view leaves out products taken off the shelf; checkout buys what the cart shows.
    .where(and(eq(cartItems.userId, P('userId')), eq(products.isPublished, true)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('checkout_lines'),
  orderByKey: db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, P('userId')), eq(orders.idempotencyKey, P('key'))))
    .limit(1)
    .prepare('checkout_order_by_key'),
  /** The caller's card with the current provider, and its customer there. */
  paymentMethod: db
    .select({
      id: paymentMethods.id,
      token: paymentMethods.providerToken,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      customerRef: paymentCustomers.providerCustomerId,
    })
    .from(paymentMethods)
    .leftJoin(
      paymentCustomers,
      and(eq(paymentCustomers.userId, paymentMethods.userId), eq(paymentCustomers.provider, paymentMethods.provider)),
    )
    .where(
      and(
        eq(paymentMethods.id, P('id')),
        eq(paymentMethods.userId, P('userId')),
        eq(paymentMethods.provider, P('provider')),
      ),
    )
    .limit(1)
    .prepare('checkout_payment_method'),
  /**
   * Products the caller refunded since `since` (requirements §11: no rebuy for 24 hours). Read
   * beside the cart, so it costs no extra round trip.
   */
  recentlyRefunded: db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItemAdjustments)
    .innerJoin(orderItems, eq(orderItems.id, orderItemAdjustments.orderItemId))
    .where(
      and(
        eq(orderItemAdjustments.userId, P('userId')),
        eq(orderItemAdjustments.kind, 'refund'),
        eq(orderItemAdjustments.status, 'succeeded'),
        gt(orderItemAdjustments.completedAt, sql`${P('since')}::timestamptz`),
      ),
    )
    .prepare('checkout_recently_refunded'),
}));

/** A cart line as `lines` reads it: `priceCents` is the plan's list price. */
export type CheckoutLineRow = Awaited<ReturnType<ReturnType<typeof checkoutStatements>['lines']['execute']>>[number];

/**
 * A line as checkout sells it (decision 042): `priceCents` is what a unit sells for now, the
 * sale price while a sale prices it; `listPriceCents` the plan's price without the sale, and
 * `saleId` the sale (null outside one). checkout-prices.ts `priceInSale` makes it from a row.
 */
export type CheckoutLine = CheckoutLineRow & { listPriceCents: number; saleId: string | null };

/**
 * The fingerprint of a checkout request: the payment method, the cart lines in a fixed order,
 * whether store credit pays first and the coupon used. The same key with another fingerprint is another purchase, and is refused.
 */
export function hashCheckoutRequest(
  paymentMethodId: string | undefined,
  lines: readonly { productId: number; planId: number; quantity: number }[],
  useCredit = false,
  couponCode?: string,
  giftEmail?: string,
): string {
  const canonical = lines
    .map((line) => [line.productId, line.planId, line.quantity])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
  // Store credit (decision 030) is part of the request only when asked for: the fingerprint of a
  // checkout without it is the one it always was, so orders made before it replay the same.
  const request: unknown[] = useCredit ? [paymentMethodId ?? null, canonical, 'credit'] : [paymentMethodId, canonical];
  // A coupon (decision 040) likewise, only when one is used.
  if (couponCode !== undefined) request.push(['coupon', couponCode]);
  // A gift (decision 043) likewise: the same key with another recipient is another request.
  if (giftEmail !== undefined) request.push(['gift', giftEmail.trim().toLowerCase()]);
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}
