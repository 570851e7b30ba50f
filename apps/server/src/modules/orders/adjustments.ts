/**
 * The provider's side of a refund, a plan change or a renewal (decision 010): money back from the
 * item's charges, or a charge of the difference, each keyed by the adjustment so that the
 * request, a retry and the job all make the same single payment.
 */
import { type Db, type OrderItemAdjustmentRow, orderItemAdjustments, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { PaymentOutcome, PaymentRequest } from '../payments';
import type { CheckoutDeps } from './checkout-deps';
import { creditHeldOf, type MadeRefund, refundableCharges, splitRefund } from './refund-money.sql';

/** Base of every provider key of one adjustment: one change, one payment. */
export const adjustmentKey = (adjustmentId: string) => `everdeal:adjustment:${adjustmentId}`;

/** How long the request owns a pending adjustment before the job may finish it (as decision 007's lease). */
export const ADJUSTMENT_LEASE_MS = 2 * 60_000;

/** The provider refused to return the money (not an outage): the adjustment cannot go on. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

async function orderOf(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}

/**
 * Returns the card's part of an adjustment through the provider, from the item's newest charges
 * first, one provider refund per charge touched: a refund all the charges hold; a downgrade its
 * price (`refundCents` less the store credit part and the VAT) with the VAT each charge carried
 * on it (decision 037, `splitRefund`). The split is computed from rows that do not change while
 * the adjustment is pending (one pending adjustment per item), so a retry asks for the same
 * refunds with the same keys and the provider makes each once. Throws RefundRefusedError when the
 * provider refuses, ProviderUnavailableError when it does not answer.
 */
export async function returnItemMoney(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
): Promise<MadeRefund[]> {
  const [charges, creditHeld, order] = await Promise.all([
    refundableCharges(deps.db, adjustment.orderItemId),
    creditHeldOf(deps.db, adjustment.orderItemId),
    orderOf(deps.db, orderId),
  ]);
  const cardPrice = adjustment.refundCents - adjustment.creditRefundCents - adjustment.taxCents;
  const { parts, missingCents } = splitRefund(charges, adjustment.kind === 'refund' ? 'all' : cardPrice, creditHeld);
  if (missingCents > 0) {
    throw new RefundRefusedError(
      `item ${adjustment.orderItemId} holds ${cardPrice - missingCents} cents of price, not ${cardPrice}`,
    );
  }
  const made: MadeRefund[] = [];
  for (const part of parts) {
    const outcome = await deps.provider.refund({
      key: `${adjustmentKey(adjustment.id)}:refund:${part.movementId}`,
      orderId,
      chargeReference: part.reference,
      amountCents: part.amountCents,
      currency: order.currency,
    });
    if (outcome.status === 'failed') throw new RefundRefusedError(outcome.message);
    made.push({ ...part, reference: outcome.reference });
  }
  return made;
}

/** The provider's payment of an adjustment, keyed by it, with the card it was begun with. */
export async function adjustmentPayment(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
): Promise<PaymentRequest> {
  const order = await orderOf(deps.db, orderId);
  const token = adjustment.paymentToken ?? order.paymentToken;
  // An order paid with store credit alone has no card of its own: a change that charges names one.
  if (token === null) throw new RefundRefusedError(`adjustment ${adjustment.id} has no card to charge`);
  return {
    orderId,
    key: adjustmentKey(adjustment.id),
    userId: adjustment.userId,
    // The price and the VAT on it (decision 037).
    amountCents: adjustment.chargeCents + adjustment.taxCents,
    currency: order.currency,
    token,
    customerRef: adjustment.customerRef ?? order.customerRef,
    providerPaymentId: null,
    createdAt: adjustment.createdAt,
    description: `Everdeal order ${orderId}: ${adjustment.kind === 'renewal' ? 'renewal' : 'plan change'}`,
  };
}

/**
 * Charges an adjustment's `chargeCents` and its VAT with the card it was begun with, once: a retry first asks
 * the provider what became of the payment, and the charge itself is keyed by the adjustment.
 */
export async function chargeAdjustment(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
  options: { fresh: boolean },
): Promise<PaymentOutcome> {
  const payment = await adjustmentPayment(deps, adjustment, orderId);
  return (options.fresh ? null : await deps.provider.lookup(payment)) ?? (await deps.provider.charge(payment));
}

/** Pushes the job's look at a pending adjustment back, while a request works on it. */
export async function holdAdjustment(deps: CheckoutDeps, adjustmentId: string): Promise<void> {
  await deps.db
    .update(orderItemAdjustments)
    .set({ nextCheckAt: new Date(deps.now().getTime() + ADJUSTMENT_LEASE_MS) })
    .where(eq(orderItemAdjustments.id, adjustmentId));
}
