/**
 * Card disputes (decision 039): the money the bank took back from a payment recorded as
 * `chargeback` rows spread over the payment's items (each seller's balance loses its items' price
 * share, never the VAT), the items revoked as a refund revokes them, and a won dispute's money
 * recorded back as `chargeback_reversal` rows (the items stay revoked). Recorded from Stripe's
 * dispute events (asking Stripe, never trusting the event) or by an admin for a store without
 * disputes at its provider. Once per dispute however often it is recorded: the (kind, reference,
 * item) key of the rows, and the order's item locks against a refund under way.
 */
import { orderItems } from '@everdeal/db';
import { and, eq, inArray } from 'drizzle-orm';
import { reverseCommissionOfItem } from '../affiliates';
import type { ProviderDispute } from '../payments';
import { revokeCodes, type Tx } from './adjustments.sql';
import {
  chargebackRecorded,
  disputedCharges,
  insertChargebackRows,
  insertReversalRows,
  lockOrderItems,
  splitChargeback,
} from './chargebacks.sql';
import type { CheckoutDeps } from './checkout-deps';
import { cancelPendingOfferOf } from './gifts.sql';
import { itemFacts, queueItemEvent } from './item-events';

/** A refund or plan change of the order is under way: the dispute is recorded once it has ended. */
export class ChargebackWaitsError extends Error {}

/** What is recorded: the dispute's reference, the payment it is on (null: the checkout's) and what it took. */
export type ChargebackFacts = {
  orderId: string;
  disputeReference: string;
  paymentReference: string | null;
  takenCents: number | 'all';
};

/**
 * Revokes an item whose money a dispute took, as a refund does (decision 010): `refunded`, no
 * renewal, its codes revoked, the seller's app told, the affiliate's commission reversed.
 */
async function revokeChargedBackItem(tx: Tx, itemId: string, disputeReference: string, at: Date) {
  const [item] = await tx
    .update(orderItems)
    .set({ status: 'refunded', refundedAt: at, cancelAtPeriodEnd: false, renewalRetryAt: null })
    .where(and(eq(orderItems.id, itemId), inArray(orderItems.status, ['active', 'canceled', 'ended'])))
    .returning({ id: orderItems.id });
  if (!item) return;
  const revoked = await revokeCodes(tx, itemId);
  await cancelPendingOfferOf(tx, itemId, at);
  await queueItemEvent(
    tx,
    'license.refunded',
    await itemFacts(tx, itemId),
    { codes: revoked, refundedAt: at.toISOString(), chargeback: disputeReference },
    at,
  );
  await reverseCommissionOfItem(tx, itemId, at);
}

/** How recording a chargeback ended. */
export type ChargebackOutcome =
  | 'recorded'
  // This dispute was recorded before (the webhook again, another instance).
  | 'already'
  // The payment holds no money any more: refunded or charged back in full.
  | 'nothing'
  | 'unknown-order';

/**
 * Records a dispute's chargeback in one transaction. Throws ChargebackWaitsError while a refund
 * or plan change of the order is under way.
 */
export async function recordChargeback(
  deps: Pick<CheckoutDeps, 'db'>,
  facts: ChargebackFacts,
  at: Date,
  // Written in the same transaction when rows were recorded (an admin's audit row).
  onRecorded?: (tx: Tx) => Promise<void>,
): Promise<ChargebackOutcome> {
  return deps.db.transaction(async (tx): Promise<ChargebackOutcome> => {
    const { ids, busy } = await lockOrderItems(tx, facts.orderId);
    if (ids.length === 0) return 'unknown-order';
    if (await chargebackRecorded(tx, facts.orderId, facts.disputeReference)) return 'already';
    if (busy) throw new ChargebackWaitsError(`a refund or plan change of order ${facts.orderId} is under way`);
    const charges = await disputedCharges(tx, facts.orderId, facts.paymentReference);
    const parts = splitChargeback(charges, facts.takenCents);
    const items = await insertChargebackRows(tx, facts.disputeReference, parts, at);
    if (items.length === 0) return 'nothing';
    for (const itemId of new Set(items)) await revokeChargedBackItem(tx, itemId, facts.disputeReference, at);
    await onRecorded?.(tx);
    return 'recorded';
  });
}

/** A won dispute: its chargeback rows' money back to the sellers, once; the items stay revoked. */
export async function recordChargebackReversal(deps: Pick<CheckoutDeps, 'db'>, disputeReference: string, at: Date) {
  return deps.db.transaction((tx) => insertReversalRows(tx, disputeReference, at));
}

/**
 * A Stripe dispute event (`charge.dispute.*`): the dispute as Stripe has it now. An inquiry took
 * nothing; an open or lost one took its amount; a won one took it and gave it back (both
 * recorded, so an event missed in between changes nothing). A dispute of a payment that is not
 * ours is ignored. A refund under way throws: the webhook answers 500 and Stripe delivers again.
 */
export async function handleDisputeEvent(deps: CheckoutDeps, disputeReference: string): Promise<void> {
  const dispute: ProviderDispute | null = deps.provider.dispute ? await deps.provider.dispute(disputeReference) : null;
  if (!dispute?.orderId || dispute.state === 'inquiry') return;
  const at = deps.now();
  const outcome = await recordChargeback(
    deps,
    {
      orderId: dispute.orderId,
      disputeReference: dispute.reference,
      paymentReference: dispute.paymentReference,
      takenCents: dispute.amountCents,
    },
    at,
  );
  if (outcome === 'nothing' || outcome === 'unknown-order') {
    deps.log.warn({ disputeReference, orderId: dispute.orderId, outcome }, 'a dispute that records no chargeback');
  }
  if (dispute.state === 'won') await recordChargebackReversal(deps, dispute.reference, at);
}
