/**
 * Subscriptions after checkout (requirements §11, decision 010): cancel at period end and resume
 * before it, and the end of a subscription. The renewal job that charges the next period is
 * renewals.ts.
 */
import { AppError, type OrderItem, RefundMessage } from '@everdeal/contracts';
import { licenseCodes, type OrderItemRow, orderItemCodes, orderItems } from '@everdeal/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { sendItemMail } from './adjustment-mail';
import type { CheckoutDeps } from './order-payment';
import { loadOwnItem, requireOwnOrder } from './orders.service';

/**
 * Sets or clears the cancellation. The update takes the item's row lock, the lock a renewal
 * attempt holds while it re-reads the item before charging (renewals.ts): a cancellation
 * committed before that read wins and nothing is charged; one after it applies to the next period.
 */
async function setCancelAtPeriodEnd(
  deps: CheckoutDeps,
  userId: string,
  input: { orderId: string; itemId: string },
  cancel: boolean,
): Promise<{ item: OrderItem }> {
  await requireOwnOrder(deps.db, userId, input.orderId);
  const at = deps.now();
  const changed = await deps.db
    .update(orderItems)
    .set({ cancelAtPeriodEnd: cancel })
    .where(
      and(
        eq(orderItems.id, input.itemId),
        eq(orderItems.orderId, input.orderId),
        eq(orderItems.status, 'active'),
        eq(orderItems.planKind, 'subscription'),
        // Resuming is for a period still running; after it the job ends the item.
        ...(cancel ? [] : [gt(orderItems.periodEnd, at)]),
      ),
    )
    .returning({ id: orderItems.id });
  if (changed.length === 0) {
    const item = await loadOwnItem(deps.db, userId, input.orderId, input.itemId);
    if (item.planKind !== 'subscription') throw AppError.conflict(RefundMessage.notSubscription);
    throw AppError.conflict(item.status === 'active' ? RefundMessage.subscriptionEnded : RefundMessage.notActive);
  }
  return { item: await loadOwnItem(deps.db, userId, input.orderId, input.itemId) };
}

/**
 * `orders/cancelSubscription`: no renewal; the item ends when its paid period does. The buyer gets
 * a confirmation with the end date the first time (a repeated click sends nothing more); a mail
 * that fails is logged, the cancellation stands.
 */
export async function cancelSubscription(
  deps: CheckoutDeps,
  userId: string,
  input: { orderId: string; itemId: string },
) {
  const before = await loadOwnItem(deps.db, userId, input.orderId, input.itemId);
  const result = await setCancelAtPeriodEnd(deps, userId, input, true);
  const endsAt = result.item.currentPeriodEnd;
  if (!before.cancelAtPeriodEnd && endsAt) {
    sendItemMail(deps, input.itemId, { kind: 'subscription_canceled', endsAt: new Date(endsAt) }).catch(
      (error: unknown) => deps.log.error({ err: error }, 'subscription canceled mail failed'),
    );
  }
  return result;
}

/** `orders/resumeSubscription`: the cancellation taken back before the period ends. */
export const resumeSubscription = (deps: CheckoutDeps, userId: string, input: { orderId: string; itemId: string }) =>
  setCancelAtPeriodEnd(deps, userId, input, false);

/** Active → ended with its codes revoked, unless someone else changed the item first. */
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
    if (!row) return false;
    await tx.execute(sql`
      update ${licenseCodes} c set status = 'revoked'
      from ${orderItemCodes} l
      where l.order_item_id = ${item.id} and c.id = l.license_code_id and c.status = 'allocated'`);
    return true;
  });
  if (ended) await sendItemMail(deps, item.id, { kind: 'subscription_ended', reason });
  return ended;
}
