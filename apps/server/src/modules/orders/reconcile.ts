/**
 * The reconciliation job (decision 007): at start and every minute it finishes or
 * reverses what a crash, a lost answer or an abandoned 3-D Secure step left pending (a receipt
 * the settlement queued and nobody sent is the mail-delivery job's, decision 029). Safe with several instances: each claims its orders with
 * `FOR UPDATE SKIP LOCKED` and a lease, and every change of state is guarded.
 */
import { type OrderRow, orders } from '@everdeal/db';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { paymentRequestOf } from './charge';
import type { CheckoutDeps } from './checkout-deps';
import { applyPaymentOutcome, type PaymentState, type Settlement } from './settle';

export const RECONCILE_INTERVAL_MS = 60_000;
/** How long a payment may wait for the buyer's 3-D Secure step before it is canceled. */
export const ACTION_TIMEOUT_MS = 30 * 60_000;
const RECONCILE_BATCH = 100;

export type ReconcileReport = { checked: number; paid: number; failed: number; pending: number };

/**
 * Brings one pending order to its end: asks the provider what became of its payment; a
 * succeeded payment settles the order; one still waiting for the buyer (young enough, unless
 * `abandon`) or still processing stays pending; anything else is canceled at the provider first,
 * so that no late request can still charge it, and only then released.
 */
export async function reconcileOrder(
  deps: CheckoutDeps,
  order: OrderRow,
  options: { abandon?: boolean } = {},
): Promise<PaymentState> {
  if (order.status !== 'pending') return order.status;
  let result: { state: PaymentState; settlement?: Settlement };
  if (order.totalCents === 0) {
    result = await applyPaymentOutcome(deps, order, { status: 'free' });
  } else {
    const payment = paymentRequestOf(order);
    let outcome = await deps.provider.lookup(payment);
    const isYoung = deps.now().getTime() - order.createdAt.getTime() < ACTION_TIMEOUT_MS;
    if (outcome?.status === 'processing' || (outcome?.status === 'requires_action' && isYoung && !options.abandon)) {
      return (await applyPaymentOutcome(deps, order, outcome)).state;
    }
    if (outcome?.status !== 'succeeded') {
      const final = await deps.provider.cancel(payment);
      // A failed payment is canceled too (Stripe would let the buyer retry it in the browser),
      // but the order keeps the reason it failed for.
      outcome = final.status === 'canceled' && outcome?.status === 'failed' ? outcome : final;
    }
    result = await applyPaymentOutcome(deps, order, outcome);
  }
  // The receipt and sale mails the settlement queued, rendered by their renderers (decision 029).
  if (result.settlement) deps.outbox.deliver(result.settlement.mails.ids);
  return result.state;
}

/**
 * A Stripe webhook's PaymentIntent event for one of our orders: the order is reconciled at once
 * (the event only says when to look: the provider is asked, its payload is not trusted).
 */
export async function handlePaymentIntentEvent(
  deps: CheckoutDeps,
  orderId: string,
  kind: 'succeeded' | 'failed' | 'canceled',
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (order) await reconcileOrder(deps, order, { abandon: kind !== 'succeeded' });
}

/** One round: claims due pending orders (a lease of one interval) and reconciles them. */
export async function reconcilePayments(deps: CheckoutDeps): Promise<ReconcileReport> {
  const at = deps.now();
  const due = deps.db
    .select({ id: orders.id })
    .from(orders)
    // Only this provider's payments: after a switch of PAYMENT_PROVIDER, the other's pending
    // orders wait for an operator rather than being voided at the wrong provider.
    .where(and(eq(orders.status, 'pending'), eq(orders.provider, deps.provider.name), lte(orders.nextCheckAt, at)))
    .orderBy(asc(orders.nextCheckAt))
    .limit(RECONCILE_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(orders)
    .set({ nextCheckAt: new Date(at.getTime() + RECONCILE_INTERVAL_MS) })
    .where(inArray(orders.id, due))
    .returning();
  const report: ReconcileReport = { checked: claimed.length, paid: 0, failed: 0, pending: 0 };
  for (const order of claimed) {
    try {
      const state = await reconcileOrder(deps, order);
      if (state === 'settled' || state === 'paid') report.paid += 1;
      else if (state === 'failed') report.failed += 1;
      else report.pending += 1;
    } catch (error) {
      // The provider may be down: the order stays pending and its lease brings it back next round.
      report.pending += 1;
      deps.log.error({ err: error, orderId: order.id }, 'reconciling a pending order failed');
    }
  }
  if (report.checked > 0) deps.log.info(report, 'payments reconciled');
  return report;
}
