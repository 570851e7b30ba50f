/**
 * The reserve phase of checkout (transaction 1 of decision 007): the pending order, its items
 * and one reserved code per unit, all or nothing (reserve.sql.ts holds the statement).
 */
import { randomUUID } from 'node:crypto';
import { AppError, DEFAULT_CURRENCY, OrderMessage } from '@everdeal/contracts';
import { type Db, licenseCodes, type OrderRow, orderAttributions, type UserRow } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Attribution } from '../affiliates';
import type { CheckoutLine } from './checkout.sql';
import type { CheckoutDeps } from './checkout-deps';
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

class SoldOut extends Error {
  constructor(readonly line: CheckoutLine) {
    super('sold out');
  }
}

/** A new order as checkout made it: the row, its lines and the ids of its items, in line order. */
export type NewOrder = { row: OrderRow; lines: CheckoutLine[]; itemIds: string[] };

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
    method: { id: string; token: string; brand: string; last4: string; customerRef: string | null };
    attribution: Attribution | null;
  },
): Promise<NewOrder | null> {
  const at = deps.now();
  const { lines, method } = input;
  const row: OrderRow = {
    id: randomUUID(),
    userId: input.user.id,
    idempotencyKey: input.key,
    requestHash: input.requestHash,
    status: 'pending',
    currency: DEFAULT_CURRENCY,
    totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
    originalTotalCents: lines.reduce((sum, line) => sum + line.originalPriceCents * line.quantity, 0),
    provider: deps.provider.name,
    paymentMethodId: method.id,
    paymentToken: method.token,
    customerRef: method.customerRef,
    cardBrand: method.brand,
    cardLast4: method.last4,
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
      return { soldOut: reserved.some((item) => item.soldOut) };
    });
    if (!made) return null;
    // A plan that just sold out must not be offered from the catalogue's cache; other sales only
    // change "codes left", which the cache may show up to 2 × its TTL late (decision 004):
    // clearing it on every order would switch it off while a deal sells.
    if (made.soldOut) deps.catalogChanged();
    return { row, lines, itemIds: items.map((item) => item.id) };
  } catch (error) {
    if (error instanceof SoldOut) throw await soldOutError(deps.db, error.line);
    throw error;
  }
}
