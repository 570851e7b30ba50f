import { type Db, moneyMovements, sandboxLedger } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

/**
 * Decision 010: every money movement is a row, and for every order, what the store recorded as paid
 * minus refunded is what the provider holds for it (the sandbox ledger names the order). Also no
 * charge row is refunded beyond its amount.
 */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const store = await db
    .select({
      orderId: moneyMovements.orderId,
      held: sql<number>`sum(case when ${moneyMovements.kind} = 'charge' then ${moneyMovements.amountCents}
        else -${moneyMovements.amountCents} end)`.mapWith(Number),
    })
    .from(moneyMovements)
    .groupBy(moneyMovements.orderId);
  const provider = await db
    .select({
      orderId: sandboxLedger.merchantReference,
      held: sql<number>`sum(case when ${sandboxLedger.kind} = 'charge' then ${sandboxLedger.amountCents}
        else -${sandboxLedger.amountCents} end)`.mapWith(Number),
    })
    .from(sandboxLedger)
    .where(sql`${sandboxLedger.status} = 'succeeded'`)
    .groupBy(sandboxLedger.merchantReference);
  const providerHeld = new Map(provider.map((row) => [row.orderId, row.held]));
  expect(store.length).toBeGreaterThan(0);
  for (const row of store) {
    expect(providerHeld.get(row.orderId) ?? 0, `order ${row.orderId}`).toBe(row.held);
    providerHeld.delete(row.orderId);
  }
  // Nothing the provider holds is missing from the store's rows.
  for (const [orderId, held] of providerHeld) expect(held, `order ${orderId} has no rows`).toBe(0);
  const overRefunded = await db.execute(sql`
    select c.id from ${moneyMovements} c
    where c.kind = 'charge'
      and c.amount_cents < (select coalesce(sum(r.amount_cents), 0) from ${moneyMovements} r where r.refunded_movement_id = c.id)`);
  const rows = Array.isArray(overRefunded) ? overRefunded : ((overRefunded as { rows?: unknown[] }).rows ?? []);
  expect(rows).toEqual([]);
}
