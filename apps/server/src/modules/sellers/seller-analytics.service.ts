import {
  type AnalyticsFigures,
  type AnalyticsRange,
  conversionRate,
  DEFAULT_CURRENCY,
  productStage,
  type SellerAnalytics,
} from '@everdeal/contracts';
import { type Db, orderItems, orders, productDailyCounts, products } from '@everdeal/db';
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { sellerShareCents } from './payouts';
import { utcDay } from './product-counters';
import { itemsOfSeller, saleMoney } from './sale-money.sql';
import { requireMembership } from './seller-access';

// `seller/getAnalytics` (requirements §13, decision 025): per product and UTC day, the counted
// views and cart adds (product_daily_counts), the sales (paid order items, on the day the order
// was paid) and the revenue (the seller's share of each charge made that day, the part paid with
// store credit counted as a charge at the order's payment, after what was refunded of it, by
// payouts.ts's rule), over the last 7, 30 or 90 days by the app's clock.

export type AnalyticsDeps = { db: Db; now: () => Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The range's days, oldest first, ending today (UTC), and the instants that bound them. */
export function analyticsDays(now: Date, days: AnalyticsRange) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const list = Array.from({ length: days }, (_, index) => utcDay(new Date(start.getTime() + index * DAY_MS)));
  return { list, start, end: new Date(today + DAY_MS) };
}

type Counts = Omit<AnalyticsFigures, 'conversion'>;
const zero = (): Counts => ({ views: 0, cartAdds: 0, sales: 0, revenueCents: 0 });
const withConversion = (counts: Counts): AnalyticsFigures => ({
  ...counts,
  conversion: conversionRate(counts.sales, counts.views),
});
const addTo = (sum: Counts, more: Counts) => {
  sum.views += more.views;
  sum.cartAdds += more.cartAdds;
  sum.sales += more.sales;
  sum.revenueCents += more.revenueCents;
};

/** The UTC day of a timestamp column, as text (the grouping key). */
const dayOf = (column: typeof orders.paidAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function getSellerAnalytics(
  deps: AnalyticsDeps,
  userId: string,
  input: { sellerId: number; days: AnalyticsRange },
): Promise<SellerAnalytics> {
  const { db } = deps;
  await requireMembership(db, userId, input.sellerId);
  const range = analyticsDays(deps.now(), input.days);
  const from = range.list[0] as string;
  const to = range.list.at(-1) as string;
  const ofSeller = eq(products.sellerId, input.sellerId);

  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      reviewStatus: products.reviewStatus,
      isPublished: products.isPublished,
    })
    .from(products)
    .where(ofSeller)
    .orderBy(asc(products.name), asc(products.id));
  const counted = await db
    .select({
      productId: productDailyCounts.productId,
      day: sql<string>`${productDailyCounts.day}::text`,
      views: productDailyCounts.views,
      cartAdds: productDailyCounts.cartAdds,
    })
    .from(productDailyCounts)
    .innerJoin(products, eq(products.id, productDailyCounts.productId))
    .where(and(ofSeller, gte(productDailyCounts.day, from), lte(productDailyCounts.day, to)));
  const sold = await db
    .select({
      productId: orderItems.productId,
      day: dayOf(orders.paidAt),
      sales: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(ofSeller, eq(orders.status, 'paid'), gte(orders.paidAt, range.start), lt(orders.paidAt, range.end)))
    .groupBy(orderItems.productId, dayOf(orders.paidAt));
  // Each charge (the card's and the part paid with store credit, `saleMoney`) made in the range,
  // with what was refunded of it so far: the share is floored per charge (payouts.ts). The refunds
  // are summed per charge once over the seller's events, not looked up per charge.
  const events = saleMoney(itemsOfSeller(input.sellerId));
  const charged = await db
    .select({
      productId: sql<number>`e.product_id`.mapWith(Number),
      day: sql<string>`to_char(e.moved_at at time zone 'UTC', 'YYYY-MM-DD')`,
      amountCents: sql<number>`e.amount_cents`.mapWith(Number),
      refundedCents: sql<number>`coalesce(r.cents, 0)`.mapWith(Number),
    })
    .from(sql`${events} e
      left join (select charge_id, sum(amount_cents) as cents from ${events} x where x.kind = 'refund'
        group by charge_id) r on r.charge_id = e.id`)
    .where(
      sql`e.kind = 'charge' and e.moved_at >= ${range.start.toISOString()}::timestamptz and e.moved_at < ${range.end.toISOString()}::timestamptz`,
    );

  const cells = new Map<string, Counts & { productId: number; day: string }>();
  const cell = (productId: number, day: string) => {
    const key = `${productId}|${day}`;
    let found = cells.get(key);
    if (!found) {
      found = { productId, day, ...zero() };
      cells.set(key, found);
    }
    return found;
  };
  for (const row of counted)
    addTo(cell(row.productId, row.day), { ...zero(), views: row.views, cartAdds: row.cartAdds });
  for (const row of sold) cell(row.productId, row.day).sales += row.sales;
  for (const row of charged) {
    cell(row.productId, row.day).revenueCents += sellerShareCents(row.amountCents - row.refundedCents);
  }

  const perProduct = new Map(productRows.map((row) => [row.id, zero()]));
  const perDay = new Map(range.list.map((day) => [day, zero()]));
  const totals = zero();
  const nonZero = [...cells.values()].filter(
    (row) => row.views + row.cartAdds + row.sales + row.revenueCents > 0 && perProduct.has(row.productId),
  );
  for (const row of nonZero) {
    const counts = { views: row.views, cartAdds: row.cartAdds, sales: row.sales, revenueCents: row.revenueCents };
    addTo(perProduct.get(row.productId) as Counts, counts);
    const day = perDay.get(row.day);
    if (day) addTo(day, counts);
    addTo(totals, counts);
  }
  return {
    from,
    to,
    days: input.days,
    currency: DEFAULT_CURRENCY,
    products: productRows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      stage: productStage(row.reviewStatus, row.isPublished),
      totals: withConversion(perProduct.get(row.id) ?? zero()),
    })),
    daily: [...perDay.entries()].map(([day, counts]) => ({ day, ...withConversion(counts) })),
    cells: nonZero
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.productId - b.productId))
      .map(({ productId, day, ...counts }) => ({ productId, day, ...withConversion(counts) })),
    totals: withConversion(totals),
  };
}
