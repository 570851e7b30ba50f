/**
 * `affiliate/getEarnings` (requirements §13, decision 012): the caller's attributed orders, one
 * line per order with its commission and where it stands. Only sums of the caller's own
 * commission rows are read: nothing names the buyer.
 */
import {
  AFFILIATE_EARNINGS_PAGE_SIZE,
  type AffiliateEarningsPage,
  AffiliateMessage,
  type AffiliateOrderEarning,
  AppError,
} from '@everdeal/contracts';
import { affiliateCommissions, type Db, orderItems, orders } from '@everdeal/db';
import { desc, eq, sql } from 'drizzle-orm';
import { findAffiliateByUser } from './affiliates.service';
import { checkoutPriceOfItem } from './commissions';

const centsWhere = (status: 'pending' | 'approved' | 'reversed') =>
  sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = ${status}), 0)`.mapWith(
    Number,
  );

/** One state for the order: pending while any part waits, else approved if any part was paid out. */
function statusOf(row: { pendingCount: number; approvedCount: number }): AffiliateOrderEarning['status'] {
  if (row.pendingCount > 0) return 'pending';
  if (row.approvedCount > 0) return 'approved';
  return 'reversed';
}

export async function getAffiliateEarnings(
  db: Db,
  userId: string,
  input: { page: number },
): Promise<AffiliateEarningsPage> {
  const affiliate = await findAffiliateByUser(db, userId);
  if (!affiliate) throw AppError.notFound(AffiliateMessage.notJoined);
  const mine = eq(affiliateCommissions.affiliateId, affiliate.id);
  const orderedAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        orderId: affiliateCommissions.orderId,
        orderedAt: sql`min(${orderedAt})`.mapWith((value: string | Date) => new Date(value)),
        // What each commission was computed on, not the item's amount now: a later plan change rewrites that.
        commissionableCents: sql<number>`sum(${checkoutPriceOfItem()})`.mapWith(Number),
        commissionCents: sql<number>`sum(${affiliateCommissions.amountCents})`.mapWith(Number),
        pendingCents: centsWhere('pending'),
        approvedCents: centsWhere('approved'),
        reversedCents: centsWhere('reversed'),
        pendingCount: sql<number>`count(*) filter (where ${affiliateCommissions.status} = 'pending')`.mapWith(Number),
        approvedCount: sql<number>`count(*) filter (where ${affiliateCommissions.status} = 'approved')`.mapWith(Number),
        approvesAt:
          sql`max(${affiliateCommissions.approvableAt}) filter (where ${affiliateCommissions.status} = 'pending')`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
        currency: sql<string>`min(${affiliateCommissions.currency})`,
      })
      .from(affiliateCommissions)
      .innerJoin(orders, eq(orders.id, affiliateCommissions.orderId))
      .innerJoin(orderItems, eq(orderItems.id, affiliateCommissions.orderItemId))
      .where(mine)
      .groupBy(affiliateCommissions.orderId)
      .orderBy(desc(sql`min(${orderedAt})`), desc(affiliateCommissions.orderId))
      .limit(AFFILIATE_EARNINGS_PAGE_SIZE)
      .offset((input.page - 1) * AFFILIATE_EARNINGS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(distinct ${affiliateCommissions.orderId})`.mapWith(Number) })
      .from(affiliateCommissions)
      .where(mine),
  ]);
  const items: AffiliateOrderEarning[] = rows.map((row) => ({
    orderedAt: row.orderedAt.toISOString(),
    commissionableCents: row.commissionableCents,
    commissionCents: row.commissionCents,
    pendingCents: row.pendingCents,
    approvedCents: row.approvedCents,
    reversedCents: row.reversedCents,
    status: statusOf(row),
    approvesAt: row.approvesAt?.toISOString() ?? null,
    currency: row.currency,
  }));
  return { items, total: count?.total ?? 0, page: input.page, pageSize: AFFILIATE_EARNINGS_PAGE_SIZE };
}
