/**
 * Subscriptions after checkout (requirements §11, decision 010): cancel at period end and resume
 * before it, and the renewal job. The job charges the saved card at period end, retries a failed
 * renewal 1, 3 and 7 days after it (a mail each time), then ends the subscription and revokes its
 * codes. It also finishes refunds and plan changes a crash or an outage left pending. Safe on
 * several instances: every step is a guarded statement or an insert the unique indexes admit once.
 */
import { AppError, type OrderItem, OrderMessage, RENEWAL_RETRY_DAYS, RefundMessage } from '@everdeal/contracts';
import {
  licenseCodes,
  moneyMovements,
  type OrderItemAdjustmentRow,
  type OrderItemRow,
  orderItemAdjustments,
  orderItemCodes,
  orderItems,
  orders,
  paymentCustomers,
  paymentMethods,
} from '@everdeal/db';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { type PeriodicJob, type PeriodicJobOptions, startPeriodicJob } from '../../lib/periodic-job';
import { sendItemMail } from './adjustment-mail';
import { ADJUSTMENT_LEASE_MS, chargeAdjustment } from './adjustments';
import { claimPending, failAdjustment } from './adjustments.sql';
import type { CheckoutDeps } from './order-payment';
import { loadOwnItem, requireOwnOrder } from './orders.service';
import { completePlanChange } from './plan-change';
import { completeRefund } from './refunds';

export const RENEWAL_INTERVAL_MS = 60_000;
const RENEWAL_BATCH = 100;
const DAY_MS = 24 * 60 * 60_000;
/** A plan-change payment still waiting for the buyer's bank after this long is given up. */
const PENDING_PAYMENT_TIMEOUT_MS = 30 * 60_000;

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

/** `orders/cancelSubscription`: no renewal; the item ends when its paid period does. */
export const cancelSubscription = (deps: CheckoutDeps, userId: string, input: { orderId: string; itemId: string }) =>
  setCancelAtPeriodEnd(deps, userId, input, true);

/** `orders/resumeSubscription`: the cancellation taken back before the period ends. */
export const resumeSubscription = (deps: CheckoutDeps, userId: string, input: { orderId: string; itemId: string }) =>
  setCancelAtPeriodEnd(deps, userId, input, false);

/** Active → ended with its codes revoked, unless someone else changed the item first. */
async function endSubscription(deps: CheckoutDeps, item: OrderItemRow, reason: 'canceled' | 'unpaid', at: Date) {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderItems)
      .set({ status: 'ended', endedAt: at, renewalRetryAt: null })
      .where(
        and(
          eq(orderItems.id, item.id),
          eq(orderItems.status, 'active'),
          eq(orderItems.periodEnd, item.periodEnd ?? at),
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

/** The card a renewal charges: the order's if still saved, else the buyer's default, else the order's token. */
async function renewalCard(deps: CheckoutDeps, order: typeof orders.$inferSelect) {
  const [card] = await deps.db
    .select({
      id: paymentMethods.id,
      token: paymentMethods.providerToken,
      customerRef: paymentCustomers.providerCustomerId,
    })
    .from(paymentMethods)
    .leftJoin(
      paymentCustomers,
      and(eq(paymentCustomers.userId, paymentMethods.userId), eq(paymentCustomers.provider, paymentMethods.provider)),
    )
    .where(and(eq(paymentMethods.userId, order.userId), eq(paymentMethods.provider, deps.provider.name)))
    .orderBy(
      desc(sql`${paymentMethods.id} = ${order.paymentMethodId ?? '00000000-0000-0000-0000-000000000000'}`),
      desc(paymentMethods.isDefault),
      desc(paymentMethods.createdAt),
    )
    .limit(1);
  return card ?? { token: order.paymentToken, customerRef: order.customerRef };
}

/** The renewal succeeded: the next period, the charge row, the failures forgotten, in one transaction. */
async function finishRenewal(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, reference: string, at: Date) {
  await deps.db.transaction(async (tx) => {
    if (!(await claimPending(tx, adjustment.id, 'renewal', at))) return;
    const claimed = adjustment;
    if (!claimed.periodEnd) return;
    const [item] = await tx
      .update(orderItems)
      .set({
        periodStart: claimed.periodEnd,
        periodEnd: sql`${orderItems.periodEnd} + case ${orderItems.billingInterval}
          when 'year' then interval '1 year' else interval '1 month' end`,
        renewalFailures: 0,
        renewalRetryAt: null,
      })
      .where(and(eq(orderItems.id, claimed.orderItemId), eq(orderItems.periodEnd, claimed.periodEnd)))
      .returning();
    if (!item || claimed.chargeCents === 0) return;
    await tx.insert(moneyMovements).values({
      kind: 'charge',
      orderId: item.orderId,
      orderItemId: item.id,
      amountCents: claimed.chargeCents,
      currency: item.currency,
      provider: deps.provider.name,
      providerReference: reference,
      adjustmentId: claimed.id,
      createdAt: at,
    });
  });
}

/** A renewal attempt failed: the next retry is scheduled and mailed, or after the last one the item ends. */
async function failRenewal(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, item: OrderItemRow, reason: string) {
  const at = deps.now();
  if (!(await failAdjustment(deps.db, adjustment.id, reason, at))) return;
  const failures = item.renewalFailures + 1;
  const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
  if (retryDays === undefined || !item.periodEnd) {
    await endSubscription(deps, item, 'unpaid', at);
    return;
  }
  const nextAttemptAt = new Date(item.periodEnd.getTime() + retryDays * DAY_MS);
  const [scheduled] = await deps.db
    .update(orderItems)
    .set({ renewalFailures: failures, renewalRetryAt: nextAttemptAt })
    .where(and(eq(orderItems.id, item.id), eq(orderItems.renewalFailures, item.renewalFailures)))
    .returning({ id: orderItems.id });
  if (scheduled) {
    await sendItemMail(deps, item.id, {
      kind: 'renewal_failed',
      amountCents: adjustment.chargeCents,
      reason,
      nextAttemptAt,
    });
  }
}

/** One due subscription: ended when canceled, else one renewal attempt (once per period and attempt). */
async function renewItem(deps: CheckoutDeps, item: OrderItemRow): Promise<'renewed' | 'failed' | 'ended' | 'skipped'> {
  const at = deps.now();
  if (item.cancelAtPeriodEnd) return (await endSubscription(deps, item, 'canceled', at)) ? 'ended' : 'skipped';
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, item.orderId)).limit(1);
  if (!order || !item.periodEnd) return 'skipped';
  const card = await renewalCard(deps, order);
  const [adjustment] = await deps.db
    .insert(orderItemAdjustments)
    .values({
      orderItemId: item.id,
      userId: order.userId,
      kind: 'renewal',
      chargeCents: item.amountCents,
      paymentToken: card.token,
      customerRef: card.customerRef,
      periodEnd: item.periodEnd,
      attempt: item.renewalFailures,
      createdAt: at,
      nextCheckAt: new Date(at.getTime() + ADJUSTMENT_LEASE_MS),
    })
    // Another instance has this attempt, or a refund or plan change of the item is under way.
    .onConflictDoNothing()
    .returning();
  if (!adjustment) return 'skipped';
  return settleRenewal(deps, adjustment, item, { fresh: true });
}

async function settleRenewal(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  item: OrderItemRow,
  options: { fresh: boolean },
): Promise<'renewed' | 'failed' | 'skipped'> {
  if (adjustment.chargeCents === 0) {
    await finishRenewal(deps, adjustment, '', deps.now());
    return 'renewed';
  }
  const outcome = await chargeAdjustment(deps, adjustment, item.orderId, options);
  if (outcome.status === 'succeeded') {
    await finishRenewal(deps, adjustment, outcome.reference, deps.now());
    return 'renewed';
  }
  if (outcome.status === 'failed' || outcome.status === 'canceled') {
    await failRenewal(
      deps,
      adjustment,
      item,
      outcome.status === 'failed' ? outcome.message : 'the payment was canceled',
    );
    return 'failed';
  }
  return 'skipped';
}

/** A refund, plan change or renewal whose request stopped half-way: the same steps again, same keys. */
async function resumeAdjustment(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow): Promise<void> {
  const [item] = await deps.db.select().from(orderItems).where(eq(orderItems.id, adjustment.orderItemId)).limit(1);
  if (!item) return;
  if (adjustment.kind === 'refund') {
    await completeRefund(deps, adjustment, item.orderId);
    return;
  }
  if (adjustment.kind === 'renewal') {
    await settleRenewal(deps, adjustment, item, { fresh: false });
    return;
  }
  const result = await completePlanChange(deps, adjustment, item.orderId, { fresh: false });
  // A payment still waiting for the buyer's bank after half an hour is given up, as checkout's are.
  if (
    result.state === 'pending' &&
    deps.now().getTime() - adjustment.createdAt.getTime() > PENDING_PAYMENT_TIMEOUT_MS
  ) {
    await failAdjustment(deps.db, adjustment.id, OrderMessage.checkoutExpired, deps.now());
  }
}

export type RenewalReport = { due: number; renewed: number; failed: number; ended: number; resumed: number };

/** One round: pending adjustments past their lease are finished, then due subscriptions renewed or ended. */
export async function runRenewals(deps: CheckoutDeps): Promise<RenewalReport> {
  const at = deps.now();
  const report: RenewalReport = { due: 0, renewed: 0, failed: 0, ended: 0, resumed: 0 };
  const stalled = await deps.db
    .update(orderItemAdjustments)
    .set({ nextCheckAt: new Date(at.getTime() + ADJUSTMENT_LEASE_MS) })
    .where(
      sql`${orderItemAdjustments.id} in (select id from ${orderItemAdjustments}
        where status = 'pending' and next_check_at <= ${at.toISOString()}::timestamptz
        order by next_check_at limit ${RENEWAL_BATCH} for update skip locked)`,
    )
    .returning();
  for (const adjustment of stalled) {
    try {
      await resumeAdjustment(deps, adjustment);
      report.resumed += 1;
    } catch (error) {
      deps.log.error({ err: error, adjustmentId: adjustment.id }, 'finishing a pending item change failed');
    }
  }
  const due = await deps.db
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.status, 'active'),
        eq(orderItems.planKind, 'subscription'),
        lte(
          sql`coalesce(${orderItems.renewalRetryAt}, ${orderItems.periodEnd})`,
          sql`${at.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${orderItems.renewalRetryAt}, ${orderItems.periodEnd})`))
    .limit(RENEWAL_BATCH);
  report.due = due.length;
  for (const item of due) {
    try {
      const outcome = await renewItem(deps, item);
      if (outcome !== 'skipped') report[outcome] += 1;
    } catch (error) {
      // The provider may be down: the attempt stays pending and is resumed after its lease.
      deps.log.error({ err: error, itemId: item.id }, 'renewing a subscription failed');
    }
  }
  if (report.due > 0 || report.resumed > 0) deps.log.info(report, 'subscriptions renewed');
  return report;
}

/** Runs a round at start and then every minute, never two at once; `stop` waits for a round in flight. */
export function startRenewals(
  deps: CheckoutDeps,
  intervalMs = RENEWAL_INTERVAL_MS,
  onRun?: PeriodicJobOptions['onRun'],
): PeriodicJob {
  return startPeriodicJob({
    round: () => runRenewals(deps).then(() => 'ok' as const),
    intervalMs,
    failureMessage: 'subscription renewals failed',
    log: deps.log,
    onRun,
  });
}
