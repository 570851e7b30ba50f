/**
 * `orders/checkout` (requirements §11, §15; decision 007): reserve, charge with the idempotency
 * key, settle, release on failure. Wherever the process stops, reconcile.ts finishes the job.
 */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  type CheckoutInput,
  type CheckoutResult,
  DEFAULT_CURRENCY,
  type Order,
  OrderMessage,
  PaymentMessage,
  REBUY_BLOCK_HOURS,
} from '@everdeal/contracts';
import {
  type Db,
  licenseCodes,
  type OrderRow,
  orderAttributions,
  orderItems,
  orders,
  type UserRow,
} from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Attribution } from '../affiliates';
import { effectiveDealStatus } from '../catalog';
import { type PaymentOutcome, ProviderUnavailableError } from '../payments';
import { type CheckoutLine, checkoutStatements, hashCheckoutRequest } from './checkout.sql';
import { requireShownTerms } from './checkout-prices';
import {
  applyPaymentOutcome,
  type CheckoutDeps,
  failureError,
  type PaymentState,
  PENDING_LEASE_MS,
  paymentRequestOf,
  type Settlement,
} from './order-payment';
import { loadOrderView } from './orders.service';
import { lockCheckoutUser, type NewOrderItem, reservePendingOrder, type SettledItem } from './orders.sql';
import { receiptMail } from './receipt';

export type { CheckoutDeps } from './order-payment';

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

/** Whether a checkout of the user is between its reservation and the provider's answer. */
async function hasPendingOrder(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

class SoldOut extends Error {
  constructor(readonly line: CheckoutLine) {
    super('sold out');
  }
}

/** A new order as checkout made it: the row, its lines and the ids of its items, in line order. */
type NewOrder = { row: OrderRow; lines: CheckoutLine[]; itemIds: string[] };

/**
 * Transaction 1 of decision 007: the pending order, its items and one reserved code per unit,
 * all or nothing. Answers null when nothing was made: a request with the same key made the order
 * first, or another checkout of the same cart is pending or has paid for it. The buyer's row
 * lock makes such requests take turns, so the later one sees what the earlier one committed.
 */
async function reserveOrder(
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

/**
 * The order just settled by this request, from what the request already holds: the same view
 * `loadOrderView` reads back (the idempotency tests compare the two), without reading it.
 */
function settledOrderView(order: NewOrder, settled: SettledItem[], paidAt: Date): Order {
  const byId = new Map(settled.map((item) => [item.id, item]));
  const { row } = order;
  return {
    id: row.id,
    status: 'paid',
    createdAt: row.createdAt.toISOString(),
    paidAt: paidAt.toISOString(),
    total: row.totalCents,
    originalTotal: row.originalTotalCents,
    discount: row.originalTotalCents - row.totalCents,
    currency: row.currency,
    payment: { brand: row.cardBrand, last4: row.cardLast4 },
    items: order.lines.map((line, position) => {
      const id = order.itemIds[position] ?? '';
      const item = byId.get(id);
      return {
        id,
        orderId: row.id,
        productId: line.productId,
        variantId: line.planId,
        productName: line.productName,
        productSlug: line.productSlug,
        productLogoUrl: line.productLogoUrl,
        planName: line.planName,
        planKind: line.planKind,
        billingInterval: line.billingInterval,
        quantity: line.quantity,
        price: line.priceCents,
        originalPrice: line.originalPriceCents,
        amount: line.priceCents * line.quantity,
        currency: line.currency,
        status: 'active',
        codes: (item?.codes ?? []).map((code) => ({ code, status: 'active', redeemedAt: null })),
        redemptionUrl: line.redemptionUrl,
        refundWindowDays: line.refundWindowDays,
        refundableUntil: item?.refundableUntil ?? null,
        currentPeriodStart: item?.periodStart ?? null,
        currentPeriodEnd: item?.periodEnd ?? null,
        cancelAtPeriodEnd: false,
        nextRenewalAt: item?.periodEnd ?? null,
        renewalFailures: 0,
        refundedAt: null,
        endedAt: null,
      };
    }),
  };
}

/**
 * Charges the order's payment and acts on the outcome. A retry (same key again) first asks the
 * provider what became of the payment and pushes the reconciliation back, so it never races
 * this attempt; the charge itself is idempotent at the provider, keyed by the order.
 */
async function pay(deps: CheckoutDeps, order: OrderRow, fresh: NewOrder | null): Promise<CheckoutResult> {
  const at = deps.now();
  if (!fresh) {
    await deps.db
      .update(orders)
      .set({ nextCheckAt: new Date(at.getTime() + PENDING_LEASE_MS) })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  }
  let outcome: PaymentOutcome | null = null;
  let result: { state: PaymentState; settlement?: Settlement };
  if (order.totalCents === 0) {
    result = await applyPaymentOutcome(deps, order, { status: 'free' }, at);
  } else {
    const payment = paymentRequestOf(order);
    try {
      outcome = (fresh ? null : await deps.provider.lookup(payment)) ?? (await deps.provider.charge(payment));
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // The outcome is unknown: the order stays pending; a retry with the same key or the
      // reconciliation job finds out, and the provider's idempotency key prevents a second charge.
      deps.log.warn({ err: error, orderId: order.id }, 'payment provider unavailable during checkout');
      throw AppError.unavailable(PaymentMessage.providerUnavailable);
    }
    result = await applyPaymentOutcome(deps, order, outcome, at);
  }
  if (result.state === 'failed') {
    const [current] = await deps.db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
    throw failureError(current ?? { failureCode: null, failureMessage: null });
  }
  const view =
    fresh && result.settlement
      ? settledOrderView(fresh, result.settlement.items, at)
      : await loadOrderView(deps.db, order.id);
  if (result.settlement) {
    // The settlement queued the receipt and the sale mails (decision 029); this request holds the
    // paid order, so it hands the receipt over rendered rather than have it read back.
    const { mails, recipient } = result.settlement;
    deps.outbox.deliver(
      mails.ids,
      new Map(mails.receiptId ? [[mails.receiptId, receiptMail(view, recipient, deps.brand)]] : []),
    );
  }
  return {
    order: view,
    paymentAction:
      outcome?.status === 'requires_action' ? { type: 'stripe_next_action', clientSecret: outcome.clientSecret } : null,
  };
}

/** The same key again: the first result, or 422 when it comes with another cart or card. */
async function replay(
  deps: CheckoutDeps,
  order: OrderRow,
  input: CheckoutInput,
  lines: CheckoutLine[],
): Promise<CheckoutResult> {
  let sameRequest = hashCheckoutRequest(input.paymentMethodId, lines) === order.requestHash;
  if (!sameRequest && lines.length === 0) {
    // A paid order emptied the cart: a retry of it finds the cart empty and still means that order.
    const bought = await deps.db
      .select({ productId: orderItems.productId, planId: orderItems.planId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    sameRequest = hashCheckoutRequest(input.paymentMethodId, bought) === order.requestHash;
  }
  if (!sameRequest) throw AppError.validation(OrderMessage.idempotencyKeyReused);
  if (order.status === 'failed') throw failureError(order);
  if (order.status === 'paid') return { order: await loadOrderView(deps.db, order.id), paymentAction: null };
  // Made with the provider PAYMENT_PROVIDER named before a switch: this one cannot finish it.
  if (order.provider !== deps.provider.name) throw AppError.unavailable(PaymentMessage.providerUnavailable);
  return pay(deps, order, null);
}

/**
 * `orders/checkout`: the caller's cart becomes one order paid with one of their cards. Any
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
  const [existing, lines, [method], refunded] = await Promise.all([
    findByKey(),
    statements.lines.execute({ userId: user.id }),
    statements.paymentMethod.execute({ id: input.paymentMethodId, userId: user.id, provider: deps.provider.name }),
    statements.recentlyRefunded.execute({ userId: user.id, since }),
  ]);
  // A replay answers the first result even if its card was removed since.
  if (existing) return replay(deps, existing, input, lines);
  // Someone else's card is a 404 whatever the cart holds (requirements §6).
  if (!method) throw AppError.notFound(PaymentMessage.paymentMethodNotFound);
  if (lines.length === 0) {
    // The reads ran side by side: a duplicate request may have paid for the cart in between.
    const late = await findByKey();
    if (late) return replay(deps, late, input, lines);
    throw AppError.badRequest(OrderMessage.cartEmpty);
  }
  requirePurchasable(lines, deps.now());
  const blocked = lines.find((line) => refunded.some((row) => row.productId === line.productId));
  if (blocked) throw AppError.conflict(OrderMessage.rebuyBlocked(blocked.productName));
  requireShownTerms(lines, input.expectedTotal);
  const requestHash = hashCheckoutRequest(input.paymentMethodId, lines);
  const order = await reserveOrder(deps, { user, key: input.idempotencyKey, lines, requestHash, method, attribution });
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
