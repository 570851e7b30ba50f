/**
 * The reserve phase of checkout (transaction 1 of decision 007): the pending order, its items
 * and one reserved code per unit, all or nothing (reserve.sql.ts holds the statement).
 */
import { randomUUID } from 'node:crypto';
import { AppError, CouponMessage, DEFAULT_CURRENCY, type GiftTo, OrderMessage } from '@everdeal/contracts';
import {
  type Db,
  licenseCodes,
  type OrderRow,
  orderAttributions,
  orderItems,
  orders,
  type Tx,
  type UserRow,
} from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import type { Attribution } from '../affiliates';
import { claimCouponUse, removeCartCoupon } from '../coupons';
import { type BillingSnapshot, type TaxDecision, taxOn } from '../tax';
import type { CheckoutLine } from './checkout.sql';
import type { CheckoutDeps } from './checkout-deps';
import { payWithCredit } from './credit-payment';
import { writeGiftOffers } from './gifts';
import { lockCheckoutUser, type NewOrderItem, reservePendingOrder } from './reserve.sql';

/**
 * How long a checkout attempt owns its pending order before the reconciliation job may step in
 * (decision 007). Longer than any attempt takes: its at most three Stripe calls give up after
 * 10 s and 2 retries each (under 100 s in all); the sandbox answers from the database. An
 * attempt stalled beyond it is still safe: the job voids its payment before releasing.
 */
export const PENDING_LEASE_MS = 2 * 60_000;

/** Sold out: 409 naming the product and plan, with how many codes are left when some are. */
async function soldOutError(db: Db, line: CheckoutLine): Promise<AppError> {
  const [row] = await db
    .select({ left: sql<number>`count(*)`.mapWith(Number) })
    .from(licenseCodes)
    .where(and(eq(licenseCodes.planId, line.planId), eq(licenseCodes.status, 'available')));
  const left = row?.left ?? 0;
  return AppError.conflict(
    left === 0
      ? OrderMessage.soldOut(line.productName, line.planName)
      : OrderMessage.notEnoughCodes(line.productName, line.planName, left),
  );
}

/**
 * The coupon stopped applying (decision 040): it leaves the cart, so the shopper sees the cart
 * again at its full price and confirms that; nothing was reserved or charged.
 */
export async function couponRefusedError(db: Db, userId: string, reason: string): Promise<AppError> {
  await removeCartCoupon(db, userId);
  return AppError.conflict(CouponMessage.noLongerApplies(reason));
}

class SoldOut extends Error {
  constructor(readonly line: CheckoutLine) {
    super('sold out');
  }
}

/**
 * A new order as checkout made it: the row, its lines, the ids of its items and the store credit
 * each was paid with (decision 030), in line order.
 */
export type NewOrder = {
  row: OrderRow;
  lines: CheckoutLine[];
  itemIds: string[];
  itemCredits: number[];
  /** Each item's VAT (decision 037), in line order. */
  itemTaxes: number[];
  /** Each item's coupon discount (decision 040), in line order. */
  itemDiscounts: number[];
  /** The order is a gift (decision 043): its items wait for the recipient's claim. */
  gift: GiftTo | null;
};

/** The coupon a checkout uses (decision 040): its use is taken in transaction 1. */
export type OrderCoupon = { id: string; code: string };

/** Refused in transaction 1: the coupon was used up meanwhile (decision 040); nothing is kept. */
class CouponRefused extends Error {
  constructor(readonly reason: string) {
    super('coupon refused');
  }
}

/** The VAT an order is charged and the billing profile it copies (decision 037). */
export type OrderTax = { decision: TaxDecision; billing: BillingSnapshot['details'] };

/** What each line costs the buyer before VAT: its price less its coupon discount (decision 040). */
export function lineAmounts(lines: readonly CheckoutLine[], discounts: readonly number[]): number[] {
  return lines.map((line, index) => line.priceCents * line.quantity - (discounts[index] ?? 0));
}

/** Each line's VAT: on what the buyer pays for it, at the rate, rounded half up (decision 037). */
export function lineTaxes(amounts: readonly number[], rateBasisPoints: number): number[] {
  return amounts.map((amount) => taxOn(amount, rateBasisPoints));
}

/**
 * Writes the order's VAT and billing snapshot in transaction 1, only for a buyer with a billing
 * profile: a checkout without one sends no more statements than before (decision 037).
 */
async function recordOrderTax(
  tx: Tx,
  row: OrderRow,
  items: readonly { id: string }[],
  itemTaxes: readonly number[],
): Promise<void> {
  await tx
    .update(orders)
    .set({
      taxCents: row.taxCents,
      taxRateBasisPoints: row.taxRateBasisPoints,
      taxReverseCharge: row.taxReverseCharge,
      billingDetails: row.billingDetails,
    })
    .where(eq(orders.id, row.id));
  if (row.taxCents === 0) return;
  const taxes = items.map((item, index) => ({ id: item.id, cents: itemTaxes[index] ?? 0 }));
  await tx.execute(sql`
    update ${orderItems} i set tax_cents = t.cents
    from json_to_recordset(${JSON.stringify(taxes)}::json) as t(id uuid, cents int)
    where i.id = t.id and t.cents > 0`);
}

/** The card of a checkout, when one was given: store credit may pay the whole total without one. */
export type CheckoutCard = { id: string; token: string; brand: string; last4: string; customerRef: string | null };

/**
 * Transaction 1 of decision 007: the pending order, its items and one reserved code per unit,
 * all or nothing. Answers null when nothing was made: a request with the same key made the order
 * first, or another checkout of the same cart is pending or has paid for it. The buyer's row
 * lock makes such requests take turns, so the later one sees what the earlier one committed.
 */
export async function reserveOrder(
  deps: CheckoutDeps,
  input: {
    user: UserRow;
    key: string;
    lines: CheckoutLine[];
    requestHash: string;
    method: CheckoutCard | null;
    /** Store credit pays first (decision 030), under the wallet's lock, taken last in this transaction. */
    useCredit: boolean;
    attribution: Attribution | null;
    tax: OrderTax;
    /** The coupon and each line's discount from it, in line order (decision 040). */
    coupon: OrderCoupon | null;
    discounts: number[];
    /** Checkout's gift (decision 043): one offer per item, written here, mailed once paid. */
    gift: GiftTo | null;
  },
): Promise<NewOrder | null> {
  const at = deps.now();
  const { lines, method, coupon } = input;
  const amounts = lineAmounts(lines, input.discounts);
  const itemTaxes = lineTaxes(amounts, input.tax.decision.rateBasisPoints);
  const row: OrderRow = {
    id: randomUUID(),
    userId: input.user.id,
    idempotencyKey: input.key,
    requestHash: input.requestHash,
    status: 'pending',
    currency: DEFAULT_CURRENCY,
    totalCents: amounts.reduce((sum, cents) => sum + cents, 0),
    originalTotalCents: lines.reduce((sum, line) => sum + line.originalPriceCents * line.quantity, 0),
    provider: deps.provider.name,
    paymentMethodId: method?.id ?? null,
    paymentToken: method?.token ?? null,
    customerRef: method?.customerRef ?? null,
    cardBrand: method?.brand ?? null,
    cardLast4: method?.last4 ?? null,
    paidWithCreditCents: 0,
    taxCents: itemTaxes.reduce((sum, cents) => sum + cents, 0),
    taxRateBasisPoints: input.tax.decision.rateBasisPoints,
    taxReverseCharge: input.tax.decision.reverseCharge,
    billingDetails: input.tax.billing,
    couponCode: coupon?.code ?? null,
    discountCents: input.discounts.reduce((sum, cents) => sum + cents, 0),
    providerPaymentId: null,
    failureCode: null,
    failureMessage: null,
    nextCheckAt: new Date(at.getTime() + PENDING_LEASE_MS),
    createdAt: at,
    updatedAt: at,
    paidAt: null,
  };
  const items: NewOrderItem[] = lines.map((line, position) => ({
    id: randomUUID(),
    position,
    product_id: line.productId,
    plan_id: line.planId,
    product_name: line.productName,
    plan_name: line.planName,
    plan_kind: line.planKind,
    billing_interval: line.billingInterval,
    quantity: line.quantity,
    unit_price_cents: line.priceCents,
    unit_original_price_cents: line.originalPriceCents,
    discount_cents: input.discounts[position] ?? 0,
    // Decision 042: the unit price above is already the sale's; this records by how much.
    sale_id: line.saleId,
    sale_discount_cents: (line.listPriceCents - line.priceCents) * line.quantity,
    currency: line.currency,
    refund_window_days: line.refundWindowDays,
  }));
  try {
    const made = await deps.db.transaction(async (tx) => {
      await lockCheckoutUser(tx, { userId: row.userId });
      const reserved = await reservePendingOrder<{
        itemId: string;
        quantity: number;
        reserved: number;
        soldOut: boolean;
      }>(tx, {
        orderId: row.id,
        userId: row.userId,
        key: row.idempotencyKey,
        requestHash: row.requestHash,
        currency: row.currency,
        total: row.totalCents,
        originalTotal: row.originalTotalCents,
        provider: row.provider,
        paymentMethodId: row.paymentMethodId,
        paymentToken: row.paymentToken,
        customerRef: row.customerRef,
        cardBrand: row.cardBrand,
        cardLast4: row.cardLast4,
        nextCheckAt: row.nextCheckAt.toISOString(),
        at: at.toISOString(),
        items: JSON.stringify(items),
      });
      if (reserved.length === 0) return null;
      for (const item of reserved) {
        if (item.reserved < item.quantity) {
          const short = lines[items.findIndex((candidate) => candidate.id === item.itemId)];
          if (short) throw new SoldOut(short);
        }
      }
      // The affiliate is copied onto the order as it is made (decision 012).
      if (input.attribution) {
        await tx.insert(orderAttributions).values({ orderId: row.id, ...input.attribution, createdAt: at });
      }
      if (row.billingDetails !== null) await recordOrderTax(tx, row, items, itemTaxes);
      if (input.gift) {
        await writeGiftOffers(tx, input.gift, { fromUserId: row.userId, itemIds: items.map((item) => item.id) }, at);
      }
      // The coupon's use, under its row's lock (decision 040); refused, the whole order goes.
      if (coupon) {
        const refusal = await claimCouponUse(tx, { couponId: coupon.id, orderId: row.id, userId: row.userId }, at);
        if (refusal) throw new CouponRefused(refusal);
        await tx
          .update(orders)
          .set({ couponCode: row.couponCode, discountCents: row.discountCents })
          .where(eq(orders.id, row.id));
      }
      // Only when asked: a checkout without credit reads no wallet and sends no more statements.
      const credit = input.useCredit
        ? await payWithCredit(
            tx,
            { ...row, hasCard: method !== null },
            items.map((item, index) => ({ id: item.id, amountCents: amounts[index] ?? 0 })),
            at,
          )
        : null;
      return { soldOut: reserved.some((item) => item.soldOut), credit };
    });
    if (!made) return null;
    row.paidWithCreditCents = made.credit?.cents ?? 0;
    // "Codes left" moved on each product of the order, and a plan that just sold out leaves the
    // lists of what can be bought (decision 044): only what shows these products is cleared.
    deps.catalogChanged([...new Set(lines.flatMap((line) => changedBy.codes(line.productId, made.soldOut)))]);
    return {
      row,
      lines,
      itemIds: items.map((item) => item.id),
      itemCredits: made.credit?.shares ?? items.map(() => 0),
      itemTaxes,
      itemDiscounts: input.discounts,
      gift: input.gift,
    };
  } catch (error) {
    if (error instanceof SoldOut) throw await soldOutError(deps.db, error.line);
    if (error instanceof CouponRefused) throw await couponRefusedError(deps.db, row.userId, error.reason);
    throw error;
  }
}
