/**
 * Store-wide sale events (decision 042): an admin schedules one or ends it early; the schedule
 * (sale-schedule.ts) prices every product not opted out while it runs; before it ends an admin may
 * rename it or move its end, and before it starts change all of it. Every change clears the
 * catalogue's cached answers and pages, and the schedule kept in memory (kept-schedule.ts), on
 * every instance (`catalogChanged`, decision 044).
 */
import {
  AppError,
  type CreateSaleInput,
  type SaleEvent,
  type SaleEventList,
  type SaleEventResult,
  SaleMessage,
  saleStatusAt,
  type UpdateSaleInput,
} from '@everdeal/contracts';
import { type Db, type SaleRow, sales, type UserRow } from '@everdeal/db';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { recordAdminAction } from '../audit';

export type SalesDeps = {
  db: Db;
  now: () => Date;
  /** Prices changed: every instance drops its cached catalogue answers and pages, and its kept schedule. */
  catalogChanged: () => void;
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toSaleEvent(row: SaleRow, now: Date): SaleEvent {
  const view = { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), endedAt: iso(row.endedAt) };
  return {
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    ...view,
    status: saleStatusAt(view, now.getTime()),
    createdAt: row.createdAt.toISOString(),
  };
}

/** When a sale stops: its scheduled end, or the moment it was ended. */
const stopsAt = sql`coalesce(${sales.endedAt}, ${sales.endsAt})`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writers of sale windows take turns on a transaction-scoped advisory lock before they check for
 * an overlap, so two overlapping windows written at once cannot both pass (`sales-race.test.ts`).
 */
const takeScheduleTurn = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('everdeal:sales', 0))`);

/** 409 naming the first other sale whose [start, stop) meets [startsAt, endsAt). */
async function refuseOverlap(tx: Tx, startsAt: Date, endsAt: Date, exceptId?: string): Promise<void> {
  const [clash] = await tx
    .select({ name: sales.name })
    .from(sales)
    .where(
      and(
        sql`${sales.startsAt} < ${stopsAt}`,
        sql`${sales.startsAt} < ${endsAt.toISOString()}::timestamptz`,
        sql`${stopsAt} > ${startsAt.toISOString()}::timestamptz`,
        exceptId === undefined ? undefined : ne(sales.id, exceptId),
      ),
    )
    .orderBy(sales.startsAt)
    .limit(1);
  if (clash) throw AppError.conflict(SaleMessage.overlaps(clash.name));
}

/**
 * `admin/createSale`: a sale that ends in the future and overlaps no other (409 naming the one it
 * overlaps), checked in the schedule's turn.
 */
export async function createSale(
  deps: SalesDeps,
  admin: Pick<UserRow, 'id' | 'email'>,
  input: CreateSaleInput,
): Promise<SaleEventResult> {
  const at = deps.now();
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt.getTime() <= at.getTime()) throw AppError.validation(SaleMessage.endsInPast);
  const row = await deps.db.transaction(async (tx) => {
    await takeScheduleTurn(tx);
    await refuseOverlap(tx, startsAt, endsAt);
    const [created] = await tx
      .insert(sales)
      .values({ name: input.name, percentOff: input.percentOff, startsAt, endsAt, createdBy: admin.id, createdAt: at })
      .returning();
    if (!created) throw new Error('the sale was not inserted');
    await recordAdminAction(
      tx,
      admin,
      {
        action: 'sale.create',
        targetKind: 'sale',
        targetId: created.id,
        subject: created.name,
        before: null,
        after: { percentOff: created.percentOff, startsAt: input.startsAt, endsAt: input.endsAt },
      },
      at,
    );
    return created;
  });
  deps.catalogChanged();
  return { sale: toSaleEvent(row, at) };
}

/**
 * `admin/updateSale`: an upcoming sale takes all the fields given, a running one its name and end
 * (409 when its start or percentage would change: shoppers have bought at them); the end must be
 * in the future and the window may overlap no other sale. 404 for an unknown id, 409 for a sale
 * already over. It takes the schedule's turn (as a creation does), then the row's lock (as an end
 * does), so an end or another change at the same moment is seen before the sale is judged.
 */
export async function updateSale(
  deps: SalesDeps,
  admin: Pick<UserRow, 'id' | 'email'>,
  input: UpdateSaleInput,
): Promise<SaleEventResult> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  // The fields first, as a creation judges them (422 before any 409).
  if (endsAt.getTime() <= deps.now().getTime()) throw AppError.validation(SaleMessage.endsInPast);
  const { row, at } = await deps.db.transaction(async (tx) => {
    await takeScheduleTurn(tx);
    // `no key update`: checkouts recording the sale on their items (`order_items.sale_id`) hold
    // key-share locks on its row and must not wait on an edit of its name or end.
    const [sale] = await tx.select().from(sales).where(eq(sales.id, input.id)).for('no key update');
    if (!sale) throw AppError.notFound(SaleMessage.notFound);
    // Judged once the locks are held: a sale that started while this waited is running.
    const at = deps.now();
    if ((sale.endedAt ?? sale.endsAt).getTime() <= at.getTime()) throw AppError.conflict(SaleMessage.alreadyOver);
    const running = sale.startsAt.getTime() <= at.getTime();
    if (running && (startsAt.getTime() !== sale.startsAt.getTime() || input.percentOff !== sale.percentOff)) {
      throw AppError.conflict(SaleMessage.runningKeepsTerms);
    }
    await refuseOverlap(tx, startsAt, endsAt, sale.id);
    const [updated] = await tx
      .update(sales)
      .set({ name: input.name, percentOff: input.percentOff, startsAt, endsAt })
      .where(eq(sales.id, sale.id))
      .returning();
    if (!updated) throw new Error('the sale vanished');
    const terms = (of: SaleRow) => ({
      name: of.name,
      percentOff: of.percentOff,
      startsAt: of.startsAt.toISOString(),
      endsAt: of.endsAt.toISOString(),
    });
    await recordAdminAction(
      tx,
      admin,
      {
        action: 'sale.update',
        targetKind: 'sale',
        targetId: sale.id,
        subject: updated.name,
        before: terms(sale),
        after: terms(updated),
      },
      at,
    );
    return { row: updated, at };
  });
  deps.catalogChanged();
  return { sale: toSaleEvent(row, at) };
}

/**
 * `admin/endSale`: the sale stops now (one not started yet never runs); 404 for an unknown id,
 * 409 for a sale already over. The row's lock makes two ends at once end it once.
 */
export async function endSale(
  deps: SalesDeps,
  admin: Pick<UserRow, 'id' | 'email'>,
  id: string,
): Promise<SaleEventResult> {
  const at = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(sales).where(eq(sales.id, id)).for('no key update');
    if (!sale) throw AppError.notFound(SaleMessage.notFound);
    const stops = sale.endedAt ?? sale.endsAt;
    if (stops.getTime() <= at.getTime()) throw AppError.conflict(SaleMessage.alreadyOver);
    const [ended] = await tx.update(sales).set({ endedAt: at }).where(eq(sales.id, id)).returning();
    if (!ended) throw new Error('the sale vanished');
    await recordAdminAction(
      tx,
      admin,
      {
        action: 'sale.end',
        targetKind: 'sale',
        targetId: sale.id,
        subject: sale.name,
        before: { endsAt: sale.endsAt.toISOString() },
        after: { endedAt: at.toISOString() },
      },
      at,
    );
    return ended;
  });
  deps.catalogChanged();
  return { sale: toSaleEvent(row, at) };
}

/** `admin/getSales`: every sale, the latest start first. */
export async function listSales({ db, now }: SalesDeps): Promise<SaleEventList> {
  const rows = await db.select().from(sales).orderBy(desc(sales.startsAt), desc(sales.createdAt));
  const at = now();
  return { sales: rows.map((row) => toSaleEvent(row, at)) };
}
