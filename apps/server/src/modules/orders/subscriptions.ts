/**
 * Subscriptions after checkout (requirements §11, decision 010): cancel at period end and resume
 * before it, and the end of a subscription. The renewal job that charges the next period is
 * renewals.ts.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type OrderItem, RefundMessage } from '@everdeal/contracts';
import { licenseCodes, type OrderItemRow, orderItemCodes, orderItems } from '@everdeal/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { queueItemMail } from './adjustment-mail';
import type { CheckoutDeps } from './checkout-deps';
import { loadOwnItem, requireOwnOrder } from './orders.service';

/**
 * Sets or clears the cancellation. The item's row lock is taken first, the lock a renewal
 * attempt holds while it re-reads the item before charging (renewals.ts): a cancellation
 * committed before that read wins and nothing is charged; one after it applies to the next period.
 * A cancellation of a running subscription queues its confirmation in the same transaction
 * (decision 029), the first time only: a repeated click changes nothing and mails nothing.
 */
async function setCancelAtPeriodEnd(
  deps: CheckoutDeps,
  userId: string,
  input: { orderId: string; itemId: string },
  cancel: boolean,
): Promise<{ item: OrderItem }> {
  await requireOwnOrder(deps.db, userId, input.orderId);
  const at = deps.now();
  const mails = await deps.db.transaction(async (tx) => {
    const thisItem = and(eq(orderItems.id, input.itemId), eq(orderItems.orderId, input.orderId));
    const [before] = await tx
      .select({ cancelAtPeriodEnd: orderItems.cancelAtPeriodEnd })
      .from(orderItems)
      .where(thisItem)
      .for('update');
    const [changed] = await tx
      .update(orderItems)
      .set({ cancelAtPeriodEnd: cancel })
      .where(
        and(
          thisItem,
          eq(orderItems.status, 'active'),
          eq(orderItems.planKind, 'subscription'),
          // Resuming is for a period still running; after it the job ends the item.
          ...(cancel ? [] : [gt(orderItems.periodEnd, at)]),
        ),
      )
      .returning({ periodEnd: orderItems.periodEnd });
    if (!changed) return null;
    if (!cancel || before?.cancelAtPeriodEnd || !changed.periodEnd) return [];
    return queueItemMail(
      tx,
      deps.brand,
      // Each cancellation is an event of its own (canceled, resumed, canceled again: two mails),
      // made once under the row lock; a fresh id names it.
      { id: input.itemId, eventId: randomUUID() },
      { kind: 'subscription_canceled', endsAt: changed.periodEnd },
      at,
    );
  });
  if (mails === null) {
    const item = await loadOwnItem(deps.db, userId, input.orderId, input.itemId);
    if (item.planKind !== 'subscription') throw AppError.conflict(RefundMessage.notSubscription);
    throw AppError.conflict(item.status === 'active' ? RefundMessage.subscriptionEnded : RefundMessage.notActive);
  }
  deps.outbox.deliver(mails);
  return { item: await loadOwnItem(deps.db, userId, input.orderId, input.itemId) };
}

/**
 * `orders/cancelSubscription`: no renewal; the item ends when its paid period does. The buyer gets
 * a confirmation with the end date the first time (a repeated click sends nothing more).
 */
export const cancelSubscription = (deps: CheckoutDeps, userId: string, input: { orderId: string; itemId: string }) =>
  setCancelAtPeriodEnd(deps, userId, input, true);

/** `orders/resumeSubscription`: the cancellation taken back before the period ends. */
export const resumeSubscription = (deps: CheckoutDeps, userId: string, input: { orderId: string; itemId: string }) =>
  setCancelAtPeriodEnd(deps, userId, input, false);

/** Active → ended with its codes revoked and the buyer's mail queued, unless someone else changed the item first. */
export async function endSubscription(deps: CheckoutDeps, item: OrderItemRow, reason: 'canceled' | 'unpaid', at: Date) {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderItems)
      .set({ status: 'ended', endedAt: at, renewalRetryAt: null })
      .where(
        and(
          eq(orderItems.id, item.id),
          eq(orderItems.status, 'active'),
          // The same period, to the millisecond a JavaScript Date holds (the column keeps microseconds).
          sql`date_trunc('milliseconds', ${orderItems.periodEnd}) = ${(item.periodEnd ?? at).toISOString()}::timestamptz`,
          eq(orderItems.renewalFailures, item.renewalFailures),
        ),
      )
      .returning({ id: orderItems.id });
    if (!row) return null;
    await tx.execute(sql`
      update ${licenseCodes} c set status = 'revoked'
      from ${orderItemCodes} l
      where l.order_item_id = ${item.id} and c.id = l.license_code_id and c.status = 'allocated'`);
    // An item ends once: its id names the event.
    return queueItemMail(tx, deps.brand, { id: item.id, eventId: item.id }, { kind: 'subscription_ended', reason }, at);
  });
  if (ended) deps.outbox.deliver(ended);
  return ended !== null;
}
