/**
 * `orders/checkout` (requirements §11, §15; decision 007): what the request asks is checked, then
 * the three phases run: reserve (reserve.ts), charge (charge.ts) and settle or release on the
 * provider's answer (settle.ts). Wherever the process stops, reconcile.ts finishes the job.
 */
import {
  AppError,
  type CheckoutInput,
  type CheckoutResult,
  DEFAULT_CURRENCY,
  OrderMessage,
  PaymentMessage,
  REBUY_BLOCK_HOURS,
} from '@everdeal/contracts';
import { type Db, type OrderRow, orderItems, orders, type UserRow } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import type { Attribution } from '../affiliates';
import { effectiveDealStatus } from '../catalog';
import { type AppliedCoupon, cartCouponOf, judgeCoupon } from '../coupons';
import { readSaleNow } from '../sales';
import { decideTax, readBillingSnapshot } from '../tax';
import { pay } from './charge';
import { type CheckoutLine, checkoutStatements, hashCheckoutRequest } from './checkout.sql';
import type { CheckoutDeps } from './checkout-deps';
import { priceInSale, requireShownTerms } from './checkout-prices';
import { requireValidGift } from './gifts';
import { loadOrderView } from './orders.service';
import { couponRefusedError, lineAmounts, lineTaxes, reserveOrder } from './reserve';
import { failureError } from './settle';

/** Ended, upcoming or foreign-currency lines cannot be bought (requirements §10). */
function requirePurchasable(lines: CheckoutLine[], now: Date) {
  for (const line of lines) {
    if (effectiveDealStatus(line.dealStatus, line.endsAt, [], now) !== 'live') {
      throw AppError.conflict(OrderMessage.notPurchasable(line.productName));
    }
    if (line.currency !== DEFAULT_CURRENCY)
      throw AppError.conflict(OrderMessage.currencyNotSupported(line.productName));
    // Decision 014: never a paid order with codes and no charge.
    if (line.priceCents <= 0) throw AppError.conflict(OrderMessage.planWithoutPrice(line.productName, line.planName));
  }
}

const sumOf = (cents: readonly number[]) => cents.reduce((sum, value) => sum + value, 0);

/**
 * Each line's discount from the cart's coupon, judged again at the injected clock (decision 040),
 * or null when the coupon is left out: it stopped applying and the shopper confirmed the full
 * price (`expectedTotal`; the cart shows no discount for a coupon that does not apply). Otherwise
 * a coupon that stopped applying is refused with its reason and leaves the cart: the shopper sees
 * the cart at its full price again, and nothing was reserved or charged.
 */
async function couponDiscounts(
  deps: CheckoutDeps,
  userId: string,
  coupon: AppliedCoupon,
  lines: CheckoutLine[],
  confirmedFullPrice: boolean,
): Promise<number[] | null> {
  const judged = judgeCoupon(
    coupon,
    lines.map((line) => ({ productId: line.productId, amountCents: line.priceCents * line.quantity })),
    deps.now(),
  );
  if ('discounts' in judged) return judged.discounts;
  if (confirmedFullPrice) return null;
  throw await couponRefusedError(deps.db, userId, judged.refusal);
}

/** Whether a checkout of the user is between its reservation and the provider's answer. */
async function hasPendingOrder(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** The same key again: the first result, or 422 when it comes with another cart or card. */
async function replay(
  deps: CheckoutDeps,
  order: OrderRow,
  input: CheckoutInput,
  lines: CheckoutLine[],
): Promise<CheckoutResult> {
  const useCredit = input.useCredit === true;
  const coupon = order.couponCode ?? undefined;
  const gift = input.giftTo?.email;
  let sameRequest = hashCheckoutRequest(input.paymentMethodId, lines, useCredit, coupon, gift) === order.requestHash;
  if (!sameRequest && lines.length === 0) {
    // A paid order emptied the cart: a retry of it finds the cart empty and still means that order.
    const bought = await deps.db
      .select({ productId: orderItems.productId, planId: orderItems.planId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    sameRequest = hashCheckoutRequest(input.paymentMethodId, bought, useCredit, coupon, gift) === order.requestHash;
  }
  if (!sameRequest) throw AppError.validation(OrderMessage.idempotencyKeyReused);
  if (order.status === 'failed') throw failureError(order);
  if (order.status === 'paid') return { order: await loadOrderView(deps.db, order.id), paymentAction: null };
  // Made with the provider PAYMENT_PROVIDER named before a switch: this one cannot finish it.
  if (order.provider !== deps.provider.name) throw AppError.unavailable(PaymentMessage.providerUnavailable);
  return pay(deps, order, null);
}

/**
 * `orders/checkout`: the caller's cart becomes one order paid with one of their cards, store
 * credit first when asked (decision 030). Any
 * failure leaves the cart as it was and every code in its pool; the same key answers the first
 * result and never charges twice, also when the requests arrive together.
 */
export async function checkout(
  deps: CheckoutDeps,
  user: UserRow,
  input: CheckoutInput,
  attribution: Attribution | null = null,
): Promise<CheckoutResult> {
  const statements = checkoutStatements(deps.db);
  const findByKey = async () =>
    (await statements.orderByKey.execute({ userId: user.id, key: input.idempotencyKey }))[0];
  const since = new Date(deps.now().getTime() - REBUY_BLOCK_HOURS * 60 * 60_000).toISOString();
  const cardId = input.paymentMethodId;
  const [existing, rows, [method], refunded, billing, coupon, { running }] = await Promise.all([
    findByKey(),
    statements.lines.execute({ userId: user.id }),
    // No card given: store credit is to pay it all (the schema allows that only with useCredit).
    cardId === undefined
      ? Promise.resolve([])
      : statements.paymentMethod.execute({ id: cardId, userId: user.id, provider: deps.provider.name }),
    statements.recentlyRefunded.execute({ userId: user.id, since }),
    // The buyer's billing facts decide the VAT (decision 037); the order keeps them for the invoice.
    readBillingSnapshot(deps.db, user.id),
    // The cart's coupon (decision 040), judged again below and its use taken in transaction 1.
    cartCouponOf(deps.db, user.id),
    // The sale at this moment (decision 042): it prices the lines, and the coupon discounts that.
    readSaleNow(deps.db, deps.now()),
  ]);
  const lines = priceInSale(rows, running);
  // A replay answers the first result even if its card was removed since.
  if (existing) return replay(deps, existing, input, lines);
  // Someone else's card is a 404 whatever the cart holds (requirements §6).
  if (cardId !== undefined && !method) throw AppError.notFound(PaymentMessage.paymentMethodNotFound);
  if (lines.length === 0) {
    // The reads ran side by side: a duplicate request may have paid for the cart in between.
    const late = await findByKey();
    if (late) return replay(deps, late, input, lines);
    throw AppError.badRequest(OrderMessage.cartEmpty);
  }
  requirePurchasable(lines, deps.now());
  requireValidGift(user, input.giftTo, lines);
  const blocked = lines.find((line) => refunded.some((row) => row.productId === line.productId));
  if (blocked) throw AppError.conflict(OrderMessage.rebuyBlocked(blocked.productName));
  const decision = decideTax(deps.tax, billing.facts, deps.now());
  const fullTotal = sumOf(lineAmounts(lines, [])) + sumOf(lineTaxes(lineAmounts(lines, []), decision.rateBasisPoints));
  const couponDiscount = coupon
    ? await couponDiscounts(deps, user.id, coupon, lines, input.expectedTotal === fullTotal)
    : null;
  const usedCoupon = couponDiscount ? coupon : null;
  const discounts = couponDiscount ?? lines.map(() => 0);
  const taxCents = lineTaxes(lineAmounts(lines, discounts), decision.rateBasisPoints).reduce(
    (sum, cents) => sum + cents,
    0,
  );
  requireShownTerms(lines, input.expectedTotal, taxCents, sumOf(discounts));
  const useCredit = input.useCredit === true;
  const requestHash = hashCheckoutRequest(cardId, lines, useCredit, usedCoupon?.coupon.code, input.giftTo?.email);
  const order = await reserveOrder(deps, {
    user,
    key: input.idempotencyKey,
    lines,
    requestHash,
    method: method ?? null,
    useCredit,
    attribution,
    tax: { decision, billing: billing.details },
    coupon: usedCoupon ? { id: usedCoupon.coupon.id, code: usedCoupon.coupon.code } : null,
    discounts,
    gift: input.giftTo ?? null,
  });
  if (!order) {
    const first = await findByKey();
    if (first) return replay(deps, first, input, lines);
    // Another key's checkout of this cart is paying, or has paid and emptied it (decision 007:
    // a cart checks out once): nothing was reserved, nothing is charged.
    throw AppError.conflict(
      (await hasPendingOrder(deps.db, user.id)) ? OrderMessage.checkoutInProgress : OrderMessage.cartChanged,
    );
  }
  return pay(deps, order.row, order);
}
