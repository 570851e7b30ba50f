import {
  type AdminPayouts,
  PAYOUT_MINIMUM_CENTS,
  PAYOUT_STATUSES,
  PAYOUTS_PAGE_SIZE,
  type PayoutStatus,
  type PayoutTransfer,
  type SellerPayouts,
} from '@everdeal/contracts';
import { type SellerPayoutRow, sellerPayouts, sellers } from '@everdeal/db';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { payableBalanceAt, requireMembership } from '../sellers';
import { accountView, findAccount } from './payout-accounts.service';
import { payoutPeriod } from './payout-period';
import type { PayoutsDeps } from './payouts-deps';

// What sellers and admins read of payouts (decision 036): the account, the balance and the
// transfers, newest first.

function transferView(row: SellerPayoutRow): PayoutTransfer {
  return {
    id: row.id,
    period: row.period,
    attempt: row.attempt,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    providerReference: row.providerReference,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** `seller/getPayouts`: the account's state, the balance now, the next run and the transfers. */
export async function getSellerPayouts(
  deps: PayoutsDeps,
  userId: string,
  input: { sellerId: number; page: number },
): Promise<SellerPayouts> {
  await requireMembership(deps.db, userId, input.sellerId);
  const at = deps.now();
  const where = eq(sellerPayouts.sellerId, input.sellerId);
  const [account, balance, rows, [counted]] = await Promise.all([
    findAccount(deps, input.sellerId),
    // Everything up to and including this instant, as the dashboard counts it.
    payableBalanceAt(deps.db, input.sellerId, new Date(at.getTime() + 1)),
    deps.db
      .select()
      .from(sellerPayouts)
      .where(where)
      .orderBy(desc(sellerPayouts.createdAt), desc(sellerPayouts.attempt))
      .limit(PAYOUTS_PAGE_SIZE)
      .offset((input.page - 1) * PAYOUTS_PAGE_SIZE),
    deps.db.select({ total: count() }).from(sellerPayouts).where(where),
  ]);
  return {
    account: accountView(account),
    balance,
    minimumCents: PAYOUT_MINIMUM_CENTS,
    nextRunAt: payoutPeriod(at).nextRunAt.toISOString(),
    transfers: rows.map(transferView),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: PAYOUTS_PAGE_SIZE,
  };
}

/** `admin/getPayouts`: every seller's transfers, filtered by state or seller, and the sums by state. */
export async function getAdminPayouts(
  deps: Pick<PayoutsDeps, 'db'>,
  input: { page: number; status?: PayoutStatus | undefined; sellerId?: number | undefined },
): Promise<AdminPayouts> {
  const filters: SQL[] = [];
  if (input.status) filters.push(eq(sellerPayouts.status, input.status));
  if (input.sellerId) filters.push(eq(sellerPayouts.sellerId, input.sellerId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted], sums] = await Promise.all([
    deps.db
      .select({ payout: sellerPayouts, seller: { id: sellers.id, name: sellers.name, slug: sellers.slug } })
      .from(sellerPayouts)
      .innerJoin(sellers, eq(sellers.id, sellerPayouts.sellerId))
      .where(where)
      .orderBy(desc(sellerPayouts.createdAt), desc(sellerPayouts.id))
      .limit(PAYOUTS_PAGE_SIZE)
      .offset((input.page - 1) * PAYOUTS_PAGE_SIZE),
    deps.db.select({ total: count() }).from(sellerPayouts).where(where),
    deps.db
      .select({
        status: sellerPayouts.status,
        count: count(),
        amountCents: sql<number>`coalesce(sum(${sellerPayouts.amountCents}), 0)`.mapWith(Number),
      })
      .from(sellerPayouts)
      .groupBy(sellerPayouts.status),
  ]);
  return {
    transfers: rows.map(({ payout, seller }) => ({ ...transferView(payout), seller, destination: payout.destination })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: PAYOUTS_PAGE_SIZE,
    sums: PAYOUT_STATUSES.map((status) => {
      const sum = sums.find((row) => row.status === status);
      return { status, count: sum?.count ?? 0, amountCents: sum?.amountCents ?? 0 };
    }),
  };
}
