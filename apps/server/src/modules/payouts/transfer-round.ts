import { type Db, type SellerPayoutRow, sellerPayoutAccounts, sellerPayouts } from '@everdeal/db';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { ProviderUnavailableError } from '../payments';
import { payableBalanceAt } from '../sellers';
import {
  isTransferable,
  PAYOUT_LEASE_MS,
  PAYOUT_MAX_ATTEMPTS,
  PAYOUT_RETRY_AFTER_MS,
  payoutKey,
  payoutPeriod,
} from './payout-period';
import { claimPendingStatement } from './payouts.sql';
import type { PayoutsDeps } from './payouts-deps';

const CLAIM_BATCH = 50;

// The monthly transfer (decision 036). A round, run every few minutes by the `seller-payouts`
// job, does two things: (1) for each seller whose account is ready and whose previous month has
// no transfer yet, writes the period's row (pending with the closing balance, or carried over
// under the minimum); (2) claims pending rows and calls the provider with each row's own key,
// then writes the outcome. Every step is guarded by a unique key or a row's state, so a crash,
// a restart or two instances at once make exactly one transfer per seller and period.

export type PayoutRoundResult = { opened: number; carriedOver: number; paid: number; failed: number; unknown: number };

/** Sellers of this provider whose account is ready and whose period has no live row. */
async function sellersDue(deps: PayoutsDeps, period: string) {
  return deps.db
    .select({ sellerId: sellerPayoutAccounts.sellerId, accountRef: sellerPayoutAccounts.accountRef })
    .from(sellerPayoutAccounts)
    .where(
      and(
        eq(sellerPayoutAccounts.payoutsEnabled, true),
        eq(sellerPayoutAccounts.provider, deps.payoutProvider.name),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(sellerPayouts)
            .where(
              and(
                eq(sellerPayouts.sellerId, sellerPayoutAccounts.sellerId),
                eq(sellerPayouts.period, period),
                sql`${sellerPayouts.status} <> 'failed'`,
              ),
            ),
        ),
      ),
    );
}

/**
 * Writes the period's row for one seller, unless a refused attempt is too recent or the period
 * ran out of attempts (its money then stays in the balance for the next period). The unique keys
 * make a second writer (another instance) a no-op.
 */
async function openPeriod(
  deps: PayoutsDeps,
  seller: { sellerId: number; accountRef: string },
  period: string,
  cutoff: Date,
  at: Date,
): Promise<'opened' | 'carried_over' | null> {
  const [previous] = await deps.db
    .select({
      attempts: sql<number>`coalesce(max(${sellerPayouts.attempt}), 0)`.mapWith(Number),
      lastAt: sql<Date | null>`max(${sellerPayouts.updatedAt})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.sellerId, seller.sellerId), eq(sellerPayouts.period, period)));
  const attempts = previous?.attempts ?? 0;
  if (attempts >= PAYOUT_MAX_ATTEMPTS) return null;
  if (previous?.lastAt && at.getTime() - previous.lastAt.getTime() < PAYOUT_RETRY_AFTER_MS) return null;
  const { payableCents, currency } = await payableBalanceAt(deps.db, seller.sellerId, cutoff);
  const status = isTransferable(payableCents) ? 'pending' : 'carried_over';
  const attempt = attempts + 1;
  const inserted = await deps.db
    .insert(sellerPayouts)
    .values({
      sellerId: seller.sellerId,
      period,
      attempt,
      status,
      amountCents: payableCents,
      currency,
      provider: deps.payoutProvider.name,
      destination: seller.accountRef,
      idempotencyKey: payoutKey(seller.sellerId, period, attempt),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: sellerPayouts.id });
  if (inserted.length === 0) return null;
  return status === 'pending' ? 'opened' : 'carried_over';
}

/** Pending rows claimed for this round (payouts.sql.ts), read back whole. */
async function claimPending(db: Db, provider: string, at: Date): Promise<SellerPayoutRow[]> {
  const leaseUntil = new Date(at.getTime() + PAYOUT_LEASE_MS);
  const claimed = await queryRows<{ id: string }>(db, claimPendingStatement(provider, at, leaseUntil, CLAIM_BATCH));
  if (claimed.length === 0) return [];
  return db
    .select()
    .from(sellerPayouts)
    .where(
      inArray(
        sellerPayouts.id,
        claimed.map((row) => row.id),
      ),
    );
}

/** One provider call with the row's key, then its outcome on the row (guarded by its state). */
async function sendTransfer(deps: PayoutsDeps, row: SellerPayoutRow): Promise<'paid' | 'failed' | 'unknown'> {
  let outcome: Awaited<ReturnType<PayoutsDeps['payoutProvider']['transfer']>>;
  try {
    outcome = await deps.payoutProvider.transfer({
      key: row.idempotencyKey,
      destination: row.destination ?? '',
      amountCents: row.amountCents,
      currency: row.currency,
      description: `Everdeal payout ${row.period}`,
      metadata: { seller_id: String(row.sellerId), period: row.period, payout_id: row.id },
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // The outcome is unknown: the row stays pending and the next round after the lease asks
    // again with the same key, which the provider answers with the one transfer (or makes it).
    deps.log.warn({ err: error, payoutId: row.id }, 'payout transfer outcome unknown; retried with the same key');
    return 'unknown';
  }
  const at = deps.now();
  await deps.db
    .update(sellerPayouts)
    .set(
      outcome.status === 'paid'
        ? { status: 'paid', providerReference: outcome.reference, paidAt: at, leaseUntil: null, updatedAt: at }
        : { status: 'failed', failureMessage: outcome.message, leaseUntil: null, updatedAt: at },
    )
    .where(and(eq(sellerPayouts.id, row.id), eq(sellerPayouts.status, 'pending')));
  if (outcome.status === 'failed') {
    deps.log.warn({ payoutId: row.id, message: outcome.message }, 'payout transfer refused by the provider');
  }
  return outcome.status;
}

/** One round of the `seller-payouts` job (jobs/schedule.ts). */
export async function runPayoutRound(deps: PayoutsDeps): Promise<PayoutRoundResult> {
  const at = deps.now();
  const { period, cutoff } = payoutPeriod(at);
  const result: PayoutRoundResult = { opened: 0, carriedOver: 0, paid: 0, failed: 0, unknown: 0 };
  for (const seller of await sellersDue(deps, period)) {
    const opened = await openPeriod(deps, seller, period, cutoff, at);
    if (opened === 'opened') result.opened += 1;
    if (opened === 'carried_over') result.carriedOver += 1;
  }
  for (const row of await claimPending(deps.db, deps.payoutProvider.name, at)) {
    const outcome = await sendTransfer(deps, row);
    result[outcome === 'paid' ? 'paid' : outcome === 'failed' ? 'failed' : 'unknown'] += 1;
  }
  return result;
}
