/**
 * The renewal job (requirements §11, decisions 010 and 020). At period end it charges the saved
 * card for the next period, retries a failed renewal 1, 3 and 7 days after it (a mail each time),
 * then ends the subscription and revokes its codes. It also finishes refunds and plan changes a
 * crash or an outage left pending. Each attempt works from the item as it is, not as the round's
 * list read it: the item is locked and read again when the attempt begins and again just before
 * the card is charged, and a charge the provider made always ends as a row (renewal-charges.ts).
 */
import { type PaymentProviderName, RENEWAL_RETRY_DAYS } from '@everdeal/contracts';
import {
  moneyMovements,
  type OrderItemAdjustmentRow,
  type OrderItemRow,
  type OrderRow,
  orderItemAdjustments,
  orderItems,
  orders,
  plans,
} from '@everdeal/db';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { issueAdjustmentInvoice } from '../invoices';
import { queueItemMail } from './adjustment-mail';
import { adjustmentTaxOf } from './adjustment-tax';
import { ADJUSTMENT_LEASE_MS, adjustmentPayment } from './adjustments';
import { claimPending, failAdjustment, type Runner, savedCardsOf } from './adjustments.sql';
import type { CheckoutDeps } from './checkout-deps';
import { periodEnd } from './item-terms';
import { completePlanChange, giveUpPlanChange } from './plan-change';
import { completeRefund } from './refunds';
import { findUnrecordedRenewalCharges, returnRenewalCharges } from './renewal-charges';
import { endSubscription } from './subscriptions';

const RENEWAL_BATCH = 100;
const DAY_MS = 24 * 60 * 60_000;
/** A plan-change payment still waiting for the buyer's bank after this long is given up. */
const PENDING_PAYMENT_TIMEOUT_MS = 30 * 60_000;
/** Why an attempt was dropped before its charge: the buyer canceled after it began. */
export const RENEWAL_CANCELED_BEFORE_CHARGE = 'canceled by the buyer before the charge';
const RENEWAL_ITEM_CHANGED = 'the item changed before the charge';

/**
 * The card a renewal charges: the order's if still saved, else the buyer's default, else the
 * order's token; none for an order store credit paid alone when no card is saved (decision 030).
 */
async function renewalCard(db: Runner, provider: PaymentProviderName, order: OrderRow) {
  const cards = await savedCardsOf(db, order.userId, provider);
  const card = cards.find((candidate) => candidate.id === order.paymentMethodId) ?? cards[0];
  return card ?? { token: order.paymentToken, customerRef: order.customerRef };
}

/** Why a renewal with no card to charge failed: the buyer is mailed it, and may add a card. */
const RENEWAL_NO_CARD = 'no saved card to charge';

type RenewalStart =
  | { kind: 'skip' }
  | { kind: 'cancel'; item: OrderItemRow }
  | { kind: 'charge'; item: OrderItemRow; adjustment: OrderItemAdjustmentRow };

/**
 * Begins one attempt from the item as it is now: locked, its status, cancellation, period and
 * price read again. A refund or plan change committed before this is seen; one that begins after
 * it waits for this attempt (one pending adjustment per item). The price is the item's current
 * one, which a plan change rewrites, or its plan's if that has gone down since (decision 020).
 */
async function beginRenewal(deps: CheckoutDeps, itemId: string, at: Date): Promise<RenewalStart> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ item: orderItems, order: orders, planPriceCents: plans.priceCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(plans, eq(plans.id, orderItems.planId))
      .where(eq(orderItems.id, itemId))
      .limit(1)
      // Not FOR UPDATE: that would also block the foreign-key checks of rows naming the item.
      .for('no key update', { of: orderItems });
    if (!row) return { kind: 'skip' };
    const { item, order } = row;
    const dueAt = item.renewalRetryAt ?? item.periodEnd;
    if (item.status !== 'active' || item.planKind !== 'subscription' || !dueAt || dueAt > at) return { kind: 'skip' };
    if (item.cancelAtPeriodEnd) return { kind: 'cancel', item };
    const card = await renewalCard(tx, deps.provider.name, order);
    const planCents = row.planPriceCents === null ? item.amountCents : row.planPriceCents * item.quantity;
    const chargeCents = Math.min(item.amountCents, planCents);
    // The VAT at the buyer's billing facts now, like the price (decisions 020, 037).
    const tax = await adjustmentTaxOf(tx, deps.tax, order.userId, chargeCents, at);
    const [adjustment] = await tx
      .insert(orderItemAdjustments)
      .values({
        orderItemId: item.id,
        userId: order.userId,
        kind: 'renewal',
        chargeCents,
        ...tax,
        paymentToken: card.token,
        customerRef: card.customerRef,
        // Copied in SQL: the column keeps the microseconds a JavaScript Date drops, and the
        // statements that finish the attempt compare the two exactly.
        periodEnd: sql`(select period_end from ${orderItems} where id = ${item.id})`,
        attempt: item.renewalFailures,
        createdAt: at,
        nextCheckAt: new Date(at.getTime() + ADJUSTMENT_LEASE_MS),
      })
      // Another instance has this attempt, or a refund or plan change of the item is under way.
      .onConflictDoNothing()
      .returning();
    return adjustment ? { kind: 'charge', item, adjustment } : { kind: 'skip' };
  });
}

/**
 * The last look before the card is charged, under the item's lock: a cancellation committed since
 * the attempt began wins (decision 020), and so does anything that moved the period.
 */
async function confirmRenewal(deps: CheckoutDeps, adjustmentId: string): Promise<'charge' | 'canceled' | 'changed'> {
  return deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: string; cancelAtPeriodEnd: boolean; samePeriod: boolean }>(
      tx,
      sql`
      select i.status, i.cancel_at_period_end as "cancelAtPeriodEnd", i.period_end = a.period_end as "samePeriod"
      from ${orderItems} i join ${orderItemAdjustments} a on a.order_item_id = i.id
      where a.id = ${adjustmentId}
      for no key update of i`,
    );
    if (row?.status !== 'active' || !row.samePeriod) return 'changed';
    return row.cancelAtPeriodEnd ? 'canceled' : 'charge';
  });
}

/** An attempt dropped before any charge: nothing was taken; a canceled subscription ends here. */
async function dropRenewal(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, why: 'canceled' | 'changed') {
  const at = deps.now();
  const reason = why === 'canceled' ? RENEWAL_CANCELED_BEFORE_CHARGE : RENEWAL_ITEM_CHANGED;
  if (!(await failAdjustment(deps.db, adjustment.id, reason, at))) return 'skipped' as const;
  if (why === 'changed') return 'skipped' as const;
  const [item] = await deps.db.select().from(orderItems).where(eq(orderItems.id, adjustment.orderItemId)).limit(1);
  return item && (await endSubscription(deps, item, 'canceled', at)) ? ('ended' as const) : ('skipped' as const);
}

/**
 * The renewal succeeded at the provider: its charge row is written whatever else happened, with
 * the next period when the item is still the one the attempt began on. When it is not (nothing
 * should change an item under a pending attempt, but a charge is never dropped), the money is
 * marked to go back and returned at once (renewal-charges.ts), with the reason logged.
 */
async function finishRenewal(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, reference: string, at: Date) {
  const stray = await deps.db.transaction(async (tx) => {
    const claimed = await claimPending(tx, adjustment.id, 'renewal', at);
    if (!claimed) return false;
    // The next period follows the one this attempt renewed (item-terms.ts); the statement's guard
    // keeps it to an item still in that period.
    const renewedEnd = adjustment.periodEnd;
    const nextEnd = (interval: 'month' | 'year') =>
      renewedEnd ? sql`${periodEnd(renewedEnd, interval).toISOString()}::timestamptz` : sql`null`;
    const renewed = await queryRows<{ id: string }>(
      tx,
      sql`
      update ${orderItems} i
      set period_start = i.period_end,
          period_end = case i.billing_interval when 'year' then ${nextEnd('year')} else ${nextEnd('month')} end,
          renewal_failures = 0, renewal_retry_at = null,
          -- A charge below the amount is the plan's price that went down since the last period
          -- (\`renewItem\` charges the lesser of the two): that price, for every seat, is the
          -- item's from now on, and no coupon share is left in it. A charge of the amount leaves
          -- the item as it was: its unit price and the coupon's share (decision 040) stay, so a
          -- later plan change prices its difference from the price bought, not from a per-seat
          -- charge the coupon lowered.
          unit_price_cents = case when a.charge_cents < i.amount_cents then a.charge_cents / i.quantity
            else i.unit_price_cents end,
          amount_cents = least(i.amount_cents, a.charge_cents),
          discount_cents = case when a.charge_cents < i.amount_cents then 0 else i.discount_cents end
      from ${orderItemAdjustments} a
      where a.id = ${adjustment.id} and i.id = a.order_item_id and i.status = 'active' and i.period_end = a.period_end
      returning i.id`,
    );
    if (claimed.chargeCents === 0) return false;
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, claimed.itemId)).limit(1);
    if (!item) throw new Error(`item ${claimed.itemId} vanished`);
    await tx.insert(moneyMovements).values({
      kind: 'charge',
      orderId: item.orderId,
      orderItemId: item.id,
      amountCents: claimed.chargeCents + claimed.taxCents,
      taxCents: claimed.taxCents,
      currency: item.currency,
      provider: deps.provider.name,
      providerReference: reference,
      adjustmentId: adjustment.id,
      createdAt: at,
    });
    if (renewed.length > 0) {
      // The period's invoice (decision 038), the counter's lock the last one taken.
      await issueAdjustmentInvoice(tx, adjustment.id, at, JSON.stringify(deps.invoiceSeller));
      return false;
    }
    await tx
      .update(orderItemAdjustments)
      .set({ refundCents: claimed.chargeCents + claimed.taxCents, failureMessage: RENEWAL_ITEM_CHANGED })
      .where(eq(orderItemAdjustments.id, adjustment.id));
    return true;
  });
  if (!stray) return;
  deps.log.error(
    { adjustmentId: adjustment.id, itemId: adjustment.orderItemId },
    'a renewal was charged for an item that changed under it: the charge is returned',
  );
  await returnRenewalCharges(deps, adjustment.id);
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
  // The retry and its mail, one step (decision 029): keyed by the failed attempt's adjustment.
  const mails = await deps.db.transaction(async (tx) => {
    const [scheduled] = await tx
      .update(orderItems)
      .set({ renewalFailures: failures, renewalRetryAt: nextAttemptAt })
      .where(and(eq(orderItems.id, item.id), eq(orderItems.renewalFailures, item.renewalFailures)))
      .returning({ id: orderItems.id });
    if (!scheduled) return [];
    return queueItemMail(
      tx,
      deps.brand,
      { id: item.id, eventId: adjustment.id },
      { kind: 'renewal_failed', amountCents: adjustment.chargeCents + adjustment.taxCents, reason, nextAttemptAt },
      at,
    );
  });
  deps.outbox.deliver(mails);
}

type RenewalOutcome = 'renewed' | 'failed' | 'ended' | 'skipped';

/**
 * Charges a begun attempt once. A resumed one first asks the provider what became of its payment;
 * only when none was made is the item looked at again and the card charged, under the attempt's key.
 */
async function settleRenewal(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  item: OrderItemRow,
  options: { fresh: boolean },
): Promise<RenewalOutcome> {
  if (adjustment.chargeCents > 0 && adjustment.paymentToken === null) {
    await failRenewal(deps, adjustment, item, RENEWAL_NO_CARD);
    return 'failed';
  }
  const payment = await adjustmentPayment(deps, adjustment, item.orderId);
  let outcome = options.fresh || adjustment.chargeCents === 0 ? null : await deps.provider.lookup(payment);
  if (!outcome) {
    const verdict = await confirmRenewal(deps, adjustment.id);
    if (verdict !== 'charge') return dropRenewal(deps, adjustment, verdict);
    if (adjustment.chargeCents === 0) {
      await finishRenewal(deps, adjustment, '', deps.now());
      return 'renewed';
    }
    outcome = await deps.provider.charge(payment);
  }
  if (outcome.status === 'succeeded') {
    await finishRenewal(deps, adjustment, outcome.reference, deps.now());
    return 'renewed';
  }
  if (outcome.status === 'failed' || outcome.status === 'canceled') {
    const reason = outcome.status === 'failed' ? outcome.message : 'the payment was canceled';
    await failRenewal(deps, adjustment, item, reason);
    return 'failed';
  }
  return 'skipped';
}

/** One due subscription: ended when canceled, else one renewal attempt (once per period and attempt). */
async function renewItem(deps: CheckoutDeps, itemId: string): Promise<RenewalOutcome> {
  const at = deps.now();
  const start = await beginRenewal(deps, itemId, at);
  if (start.kind === 'skip') return 'skipped';
  if (start.kind === 'cancel') return (await endSubscription(deps, start.item, 'canceled', at)) ? 'ended' : 'skipped';
  return settleRenewal(deps, start.adjustment, start.item, { fresh: true });
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
    await giveUpPlanChange(deps, adjustment, item.orderId);
  }
}

export type RenewalReport = {
  due: number;
  renewed: number;
  failed: number;
  ended: number;
  resumed: number;
  returned: number;
};

/**
 * One round: pending adjustments past their lease are finished, charges owed back are returned,
 * then due subscriptions renewed or ended. `audit` also looks for succeeded renewals without their
 * charge row (written by a build before decision 020), as the job does when it starts.
 */
export async function runRenewals(deps: CheckoutDeps, options: { audit?: boolean } = {}): Promise<RenewalReport> {
  const at = deps.now();
  const report: RenewalReport = { due: 0, renewed: 0, failed: 0, ended: 0, resumed: 0, returned: 0 };
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
  if (options.audit) await findUnrecordedRenewalCharges(deps);
  report.returned = await returnRenewalCharges(deps);
  const due = await deps.db
    .select({ id: orderItems.id })
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
  for (const { id } of due) {
    try {
      const outcome = await renewItem(deps, id);
      if (outcome !== 'skipped') report[outcome] += 1;
    } catch (error) {
      // The provider may be down: the attempt stays pending and is resumed after its lease.
      deps.log.error({ err: error, itemId: id }, 'renewing a subscription failed');
    }
  }
  if (report.due > 0 || report.resumed > 0 || report.returned > 0) deps.log.info(report, 'subscriptions renewed');
  return report;
}

/**
 * The renewal job's rounds for one process (jobs/schedule.ts): the first also audits the
 * provider's charges that no row records (a crash between charge and row), the rest only renew.
 */
export function renewalRounds(deps: CheckoutDeps): () => Promise<void> {
  let audited = false;
  return async () => {
    await runRenewals(deps, { audit: !audited });
    audited = true;
  };
}
