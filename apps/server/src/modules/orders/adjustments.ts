/**
 * The provider's side of a refund, a plan change or a renewal (decision 010): money back from the
 * item's charges, or a charge of the difference, each keyed by the adjustment so that the
 * request, a retry and the job all make the same single payment.
 */
import { type Db, type OrderItemAdjustmentRow, orderItemAdjustments, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { PaymentOutcome, PaymentRequest } from '../payments';
import { type MadeRefund, refundableCharges } from './adjustments.sql';
import type { CheckoutDeps } from './checkout-deps';

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
 * Returns `amountCents` of the item's money through the provider, from its newest charges first,
 * one provider refund per charge touched. The split is computed from rows that do not change while
 * the adjustment is pending (one pending adjustment per item), so a retry asks for the same
 * refunds with the same keys and the provider makes each once. Throws RefundRefusedError when the
 * provider refuses, ProviderUnavailableError when it does not answer.
 */
export async function returnItemMoney(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
  amountCents: number,
): Promise<MadeRefund[]> {
  const [charges, order] = await Promise.all([
    refundableCharges(deps.db, adjustment.orderItemId),
    orderOf(deps.db, orderId),
  ]);
  let left = amountCents;
  const made: MadeRefund[] = [];
  for (const charge of charges) {
    if (left === 0) break;
    const cents = Math.min(left, charge.refundableCents);
    if (cents <= 0) continue;
    const outcome = await deps.provider.refund({
      key: `${adjustmentKey(adjustment.id)}:refund:${charge.movementId}`,
      orderId,
      chargeReference: charge.reference,
      amountCents: cents,
      currency: order.currency,
    });
    if (outcome.status === 'failed') throw new RefundRefusedError(outcome.message);
    made.push({ movementId: charge.movementId, reference: outcome.reference, amountCents: cents });
    left -= cents;
  }
  if (left > 0)
    throw new RefundRefusedError(
      `item ${adjustment.orderItemId} holds ${amountCents - left} cents, not ${amountCents}`,
    );
  return made;
}

/** The provider's payment of an adjustment, keyed by it, with the card it was begun with. */
export async function adjustmentPayment(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
): Promise<PaymentRequest> {
  const order = await orderOf(deps.db, orderId);
  return {
    orderId,
    key: adjustmentKey(adjustment.id),
    userId: adjustment.userId,
    amountCents: adjustment.chargeCents,
    currency: order.currency,
    token: adjustment.paymentToken ?? order.paymentToken,
    customerRef: adjustment.customerRef ?? order.customerRef,
    providerPaymentId: null,
    createdAt: adjustment.createdAt,
    description: `Everdeal order ${orderId}: ${adjustment.kind === 'renewal' ? 'renewal' : 'plan change'}`,
  };
}

/**
 * Charges an adjustment's `chargeCents` with the card it was begun with, once: a retry first asks
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
