/**
 * What the store-wide sale is at a moment (decision 042): the running sale, if any, and the next
 * moment that changes (its end, or the next sale's start), which cached catalogue answers and
 * pages must not outlive. Read from the database at the injected clock by the cart, the checkout
 * totals and checkout itself; the catalogue takes it from memory (kept-schedule.ts).
 */
import { type SaleTag, salePriceCents } from '@everdeal/contracts';
import { type Db, sales } from '@everdeal/db';
import { asc, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../lib/prepared';

/** A sale that is running: `endsAt` is when it stops, an early end included. */
export type RunningSale = { id: string; name: string; percentOff: number; endsAt: Date };

export type SaleNow = {
  running: RunningSale | null;
  /** When the answer changes next: the running sale's end, else the next sale's start; null: never. */
  nextChangeAt: Date | null;
};

/** When a sale stops: its scheduled end, or the moment an admin ended it. */
const stopsAt = sql`coalesce(${sales.endedAt}, ${sales.endsAt})`;

/**
 * The first sale not over at `at`, by its start: sales never overlap, so it is the running one
 * or, when none runs, the next to start. One ended before it started never runs and is skipped.
 */
export const scheduleStatements = preparedPerDatabase((db) => ({
  firstNotOver: db
    .select({
      id: sales.id,
      name: sales.name,
      percentOff: sales.percentOff,
      startsAt: sales.startsAt,
      stopsAt: sql<Date>`${stopsAt}`.mapWith(sales.endsAt),
    })
    .from(sales)
    .where(sql`${stopsAt} > ${sql.placeholder('at')}::timestamptz and ${sales.startsAt} < ${stopsAt}`)
    .orderBy(asc(sales.startsAt))
    .limit(1)
    .prepare('sale_schedule'),
}));

export async function readSaleNow(db: Db, at: Date): Promise<SaleNow> {
  const [first] = await scheduleStatements(db).firstNotOver.execute({ at: at.toISOString() });
  if (!first) return { running: null, nextChangeAt: null };
  if (first.startsAt.getTime() > at.getTime()) return { running: null, nextChangeAt: first.startsAt };
  const running = { id: first.id, name: first.name, percentOff: first.percentOff, endsAt: first.stopsAt };
  return { running, nextChangeAt: first.stopsAt };
}

/** The sale that prices a product: the running one, unless the seller keeps the product out. */
export function saleFor(running: RunningSale | null, saleOptOut: boolean): RunningSale | null {
  return running && !saleOptOut ? running : null;
}

/** A price in the sale, or the price itself outside one (decision 042's rounding). */
export function priceIn(sale: RunningSale | null, priceCents: number): number {
  return sale ? salePriceCents(priceCents, sale.percentOff) : priceCents;
}

/** The sale as the catalogue and the cart name it. */
export function saleTagOf(sale: RunningSale | null): SaleTag | null {
  return sale ? { id: sale.id, name: sale.name, percentOff: sale.percentOff, endsAt: sale.endsAt.toISOString() } : null;
}
