/**
 * The settle phase of checkout (decision 007): what happens to a pending order once the provider
 * answered. Settle it, release it, or let it wait. Shared by checkout, the Stripe webhook and the
 * reconciliation job; every change of state is one guarded statement (settle.sql.ts), so whoever
 * comes second changes nothing.
 */
import { AppError, OrderMessage, PaymentMessage } from '@everdeal/contracts';
import { type OrderRow, orderItems, orders } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import type { PaymentOutcome } from '../payments';
import { dropCardThatNeverPaid, makePaidCardDefault } from '../payments';
import type { CheckoutDeps } from './checkout-deps';
import { type ItemRules, termsAtPayment } from './item-terms';
import { type Recipient, releaseOrder, type SettledItem, type SettlementMails, settleOrder } from './settle.sql';

/** The failure code of an order the reconciliation job gave up on before any payment was made. */
export const EXPIRED_FAILURE = 'expired';

/** What became of an order: `settled` when this very call made it paid (and owes the receipt). */
export type PaymentState = 'settled' | 'paid' | 'failed' | 'pending';

/** A refused order answers again what it answered the first time. */
export function failureError(order: Pick<OrderRow, 'failureCode' | 'failureMessage'>): AppError {
  if (order.failureCode === EXPIRED_FAILURE) return AppError.conflict(OrderMessage.checkoutExpired);
  return AppError.paymentRequired(order.failureMessage ?? PaymentMessage.cardDeclined);
}

/** A settlement this very call made: the mail it queued is its to deliver once committed. */
export type Settlement = {
  recipient: Recipient;
  items: SettledItem[];
  mails: SettlementMails;
  /** The invoice the settlement issued (decision 038). */
  invoiceNumber: string | null;
};

/** The rules settlement dates an order's items by, read when the caller does not hold them. */
async function itemRulesOf(deps: CheckoutDeps, orderId: string): Promise<ItemRules[]> {
  return deps.db
    .select({
      id: orderItems.id,
      refundWindowDays: orderItems.refundWindowDays,
      planKind: orderItems.planKind,
      billingInterval: orderItems.billingInterval,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** Pending → paid (settle.sql.ts `settleStatement`); `paid` when someone else did it first. */
async function settlePaid(
  deps: CheckoutDeps,
  order: OrderRow,
  reference: string | null,
  at: Date,
  items: ItemRules[] | undefined,
): Promise<{ state: 'settled'; settlement: Settlement } | { state: 'paid' }> {
  const terms = termsAtPayment(items ?? (await itemRulesOf(deps, order.id)), at);
  const settlement = await settleOrder(deps.db, order.id, reference, at, terms, deps.invoiceSeller);
  if (settlement) return { state: 'settled', settlement };
  const [current] = await deps.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, order.id))
    .limit(1);
  if (current?.status === 'paid') return { state: 'paid' };
  // Cannot happen by construction: a pending order always holds its reserved codes, and an order
  // is released only after its payment was voided at the provider (decision 007). Should it
  // ever, the money is taken and the order is not settled: an operator must look at it.
  deps.log.error(
    { orderId: order.id, reference, status: current?.status },
    'payment succeeded but the order could not be settled: check its codes, or refund it at the provider',
  );
  throw new Error(
    `payment ${reference} succeeded for order ${order.id}, which could not be settled (${current?.status})`,
  );
}

/**
 * The saved cards after the order's payment (decision 007): the card that paid becomes the
 * default; one declined on its first charge is not kept. The order is settled or released
 * already, so a failure here is logged and does not change the answer.
 */
async function afterPayment(deps: CheckoutDeps, order: OrderRow, result: 'paid' | 'declined'): Promise<void> {
  try {
    if (result === 'paid') await makePaidCardDefault(deps.db, order);
    else await dropCardThatNeverPaid(deps, order);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id, result }, 'could not update the saved cards after a payment');
  }
}

/**
 * Acts on the provider's answer: settles, releases (the codes go back to the pool), or leaves
 * the order pending for the buyer's 3-D Secure step or the provider's result. `free` settles an
 * order with nothing to charge. `at` is the moment of settlement (the order's paid time);
 * `items`, the rules of the order's items when the caller holds them (checkout does), saves
 * reading them.
 */
export async function applyPaymentOutcome(
  deps: CheckoutDeps,
  order: OrderRow,
  outcome: PaymentOutcome | { status: 'free' },
  at = deps.now(),
  items?: ItemRules[],
): Promise<{ state: PaymentState; settlement?: Settlement }> {
  switch (outcome.status) {
    case 'free':
    case 'succeeded': {
      const settled = await settlePaid(deps, order, outcome.status === 'free' ? null : outcome.reference, at, items);
      if (settled.state === 'settled') await afterPayment(deps, order, 'paid');
      return settled;
    }
    case 'failed':
    case 'canceled': {
      const failure =
        outcome.status === 'failed'
          ? { code: outcome.code, message: outcome.message, reference: outcome.reference }
          : { code: EXPIRED_FAILURE, message: OrderMessage.checkoutExpired, reference: outcome.reference };
      if (await releaseOrder(deps.db, order.id, failure, at)) {
        // Its codes are back in their pools: a sold-out plan may be on sale again (decision 044).
        const released = await deps.db
          .selectDistinct({ productId: orderItems.productId })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id));
        deps.catalogChanged(released.flatMap(({ productId }) => changedBy.codes(productId, true)));
        if (outcome.status === 'failed') await afterPayment(deps, order, 'declined');
      }
      return { state: 'failed' };
    }
    case 'requires_action':
    case 'processing':
      await deps.db
        .update(orders)
        .set({ providerPaymentId: outcome.reference, updatedAt: at })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
      return { state: 'pending' };
  }
}
