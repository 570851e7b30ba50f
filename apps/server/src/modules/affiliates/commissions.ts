/**
 * Affiliate commissions (requirements §13, decision 012): 10% of what each item of an attributed
 * order paid, pending until the item's refund window closes, then approved; reversed when the
 * item is refunded. Every movement writes ledger rows in the same transaction as the status it
 * changes, and every step is idempotent, so the job may run on several instances at once.
 */
import { AFFILIATE_COMMISSION_PERCENT } from '@everdeal/contracts';
import {
  affiliateCommissions,
  affiliateLedger,
  type Db,
  moneyMovements,
  orderAttributions,
  orderItems,
  orders,
} from '@everdeal/db';
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type CommissionMailDeps, queueCommissionMails } from './commission-mail';

export type CommissionDeps = {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Set, the affiliate is mailed each commission once it is recorded (commission-mail.ts). */
  mail?: CommissionMailDeps;
};
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an item earns its affiliate: a whole number of cents, rounded down (never overpaid). */
export function commissionCents(amountCents: number): number {
  return Math.floor((amountCents * AFFILIATE_COMMISSION_PERCENT) / 100);
}

/**
 * The base of an item's commission: what it paid at checkout, VAT apart (decisions 037, 040), read
 * from checkout's money (the card's charge rows of no adjustment, without their VAT, plus the
 * store-credit share, decision 030), as the order view's `checkoutCents` reads it. A plan change or
 * renewal rewrites `amount_cents` and adds rows of its adjustment but never touches these, so the
 * accrual and the earnings list (earnings.ts) read the same figure whenever they run.
 */
export const checkoutPriceOfItem = () => sql<number>`(${orderItems.paidWithCreditCents} + coalesce((
  select sum(m.amount_cents - m.tax_cents) from ${moneyMovements} m
  where m.order_item_id = ${orderItems.id} and m.kind = 'charge' and m.adjustment_id is null), 0))`;

/** How many attributions one round of the job settles, so a backlog never holds locks for long. */
const BATCH = 100;

/**
 * Writes the commissions of attributed orders that have settled: pending rows for a paid order's
 * items, nothing for a failed one. With `orderId`, only that order (right after its checkout);
 * without, a batch of any (the job). Answers how many attributions it settled.
 */
export async function accrueCommissions(
  deps: Pick<CommissionDeps, 'db' | 'now' | 'mail'> & { log?: CommissionDeps['log'] },
  orderId?: string,
): Promise<number> {
  const at = deps.now();
  const made: string[] = [];
  let mailIds: string[] = [];
  const settled = await deps.db.transaction(async (tx) => {
    // SKIP LOCKED: another instance's round or the checkout's own call has these rows.
    const due = await tx
      .select({ orderId: orderAttributions.orderId, affiliateId: orderAttributions.affiliateId, status: orders.status })
      .from(orderAttributions)
      .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
      .where(
        and(
          isNull(orderAttributions.accruedAt),
          ne(orders.status, 'pending'),
          orderId ? eq(orderAttributions.orderId, orderId) : undefined,
        ),
      )
      .orderBy(orderAttributions.createdAt)
      .limit(BATCH)
      .for('update', { of: orderAttributions, skipLocked: true });
    for (const attribution of due) {
      if (attribution.status === 'paid')
        made.push(...(await accrueOrder(tx, attribution.orderId, attribution.affiliateId, at)));
    }
    if (due.length > 0) {
      await tx
        .update(orderAttributions)
        .set({ accruedAt: at })
        .where(
          inArray(
            orderAttributions.orderId,
            due.map((row) => row.orderId),
          ),
        );
    }
    if (deps.mail) mailIds = await queueCommissionMails(tx, deps.mail.brand, made, at);
    return due.length;
  });
  deps.mail?.outbox.deliver(mailIds);
  return settled;
}

/** Answers the ids of the commissions it recorded. */
async function accrueOrder(tx: Tx, orderId: string, affiliateId: string, at: Date): Promise<string[]> {
  const items = await tx
    .select({
      id: orderItems.id,
      amountCents: checkoutPriceOfItem().mapWith(Number),
      currency: orderItems.currency,
      refundableUntil: orderItems.refundableUntil,
      paidAt: orders.paidAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.orderId, orderId));
  const rows = items
    .map((item) => ({
      affiliateId,
      orderId,
      orderItemId: item.id,
      amountCents: commissionCents(item.amountCents),
      currency: item.currency,
      // No refund window: nothing can be refunded, the commission is approvable at payment.
      approvableAt: item.refundableUntil ?? item.paidAt ?? at,
      createdAt: at,
      updatedAt: at,
    }))
    .filter((row) => row.amountCents > 0);
  if (rows.length === 0) return [];
  const made = await tx
    .insert(affiliateCommissions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id, amountCents: affiliateCommissions.amountCents });
  if (made.length > 0) {
    await tx.insert(affiliateLedger).values(
      made.map((row) => ({
        affiliateId,
        commissionId: row.id,
        bucket: 'pending' as const,
        deltaCents: row.amountCents,
        createdAt: at,
      })),
    );
  }
  return made.map((row) => row.id);
}

/**
 * Moves pending commissions on: approved once the item's refund window has closed and it was not
 * refunded (an ended subscription still paid for its first period); reversed when the item was
 * refunded and the refund did not reverse it itself.
 */
export async function settleCommissions(
  deps: Pick<CommissionDeps, 'db' | 'now'>,
): Promise<{ approved: number; reversed: number }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const pending = await tx
      .select({
        id: affiliateCommissions.id,
        affiliateId: affiliateCommissions.affiliateId,
        amountCents: affiliateCommissions.amountCents,
        approvableAt: affiliateCommissions.approvableAt,
        itemStatus: orderItems.status,
      })
      .from(affiliateCommissions)
      .innerJoin(orderItems, eq(orderItems.id, affiliateCommissions.orderItemId))
      .where(
        and(
          eq(affiliateCommissions.status, 'pending'),
          or(lte(affiliateCommissions.approvableAt, at), eq(orderItems.status, 'refunded')),
        ),
      )
      .limit(BATCH)
      .for('update', { of: affiliateCommissions, skipLocked: true });
    let approved = 0;
    let reversed = 0;
    for (const commission of pending) {
      const to = commission.itemStatus === 'refunded' ? 'reversed' : 'approved';
      await moveCommission(tx, commission, 'pending', to, at);
      if (to === 'approved') approved += 1;
      else reversed += 1;
    }
    return { approved, reversed };
  });
}

type Bucket = 'pending' | 'approved' | 'reversed';

async function moveCommission(
  tx: Tx,
  commission: { id: string; affiliateId: string; amountCents: number },
  from: Bucket,
  to: Bucket,
  at: Date,
) {
  await tx
    .update(affiliateCommissions)
    .set({ status: to, updatedAt: at })
    .where(eq(affiliateCommissions.id, commission.id));
  await tx.insert(affiliateLedger).values([
    {
      affiliateId: commission.affiliateId,
      commissionId: commission.id,
      bucket: from,
      deltaCents: -commission.amountCents,
      createdAt: at,
    },
    {
      affiliateId: commission.affiliateId,
      commissionId: commission.id,
      bucket: to,
      deltaCents: commission.amountCents,
      createdAt: at,
    },
  ]);
}

/**
 * Takes back the commission of a refunded item, pending or already approved, inside the refund's
 * own transaction (a refund by an admin may come after the window). Idempotent.
 */
export async function reverseCommissionOfItem(tx: Tx, orderItemId: string, at: Date): Promise<void> {
  const [commission] = await tx
    .select({
      id: affiliateCommissions.id,
      affiliateId: affiliateCommissions.affiliateId,
      amountCents: affiliateCommissions.amountCents,
      status: affiliateCommissions.status,
    })
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.orderItemId, orderItemId), ne(affiliateCommissions.status, 'reversed')))
    .for('update');
  if (commission) await moveCommission(tx, commission, commission.status, 'reversed', at);
}

/** One round of the commission job (jobs/schedule.ts): accrual, then settlement, batch after batch until done. */
export async function runCommissionRound(deps: CommissionDeps): Promise<void> {
  while ((await accrueCommissions(deps)) === BATCH) {}
  let settled = await settleCommissions(deps);
  while (settled.approved + settled.reversed === BATCH) settled = await settleCommissions(deps);
}
