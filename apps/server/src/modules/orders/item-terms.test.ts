import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { queryRows } from '../../lib/query-rows';
import { periodEnd, refundableUntil, termsAtPayment } from './item-terms';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Instants from 1990 to 2100 at millisecond precision, as timestamptz holds them. */
const instants = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

/** What PostgreSQL answers for the same arithmetic in a UTC session (what the statements did before). */
async function inPostgres(at: Date, days: number) {
  const [row] = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    return queryRows<{ refund: string; month: string; year: string }>(
      tx,
      sql`select
        to_char((${at.toISOString()}::timestamptz + make_interval(days => ${days})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "refund",
        to_char((${at.toISOString()}::timestamptz + interval '1 month') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "month",
        to_char((${at.toISOString()}::timestamptz + interval '1 year') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "year"`,
    );
  });
  return row;
}

describe('item terms', () => {
  it('agrees with PostgreSQL interval arithmetic on refund windows, months and years', async () => {
    await fc.assert(
      fc.asyncProperty(instants, fc.integer({ min: 1, max: 365 }), async (at, days) => {
        const expected = await inPostgres(at, days);
        expect(refundableUntil(at, days)?.toISOString()).toBe(expected?.refund);
        expect(periodEnd(at, 'month').toISOString()).toBe(expected?.month);
        expect(periodEnd(at, 'year').toISOString()).toBe(expected?.year);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the last day of a shorter month and leap days', () => {
    expect(periodEnd(new Date('2025-01-31T23:59:59.999Z'), 'month').toISOString()).toBe('2025-02-28T23:59:59.999Z');
    expect(periodEnd(new Date('2024-01-31T10:00:00.000Z'), 'month').toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(periodEnd(new Date('2024-02-29T10:00:00.000Z'), 'year').toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2025-12-15T00:00:00.000Z'), 'month').toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('gives no refund deadline to a product without a refund window', () => {
    expect(refundableUntil(new Date('2026-01-01T00:00:00Z'), 0)).toBeNull();
  });

  it('dates a lifetime item and a subscription at payment', () => {
    const paidAt = new Date('2026-03-31T12:00:00.000Z');
    expect(
      termsAtPayment(
        [
          { id: 'a', refundWindowDays: 60, planKind: 'lifetime', billingInterval: null },
          { id: 'b', refundWindowDays: 0, planKind: 'subscription', billingInterval: 'month' },
        ],
        paidAt,
      ),
    ).toEqual([
      { id: 'a', refundable_until: '2026-05-30T12:00:00.000Z', period_start: null, period_end: null },
      { id: 'b', refundable_until: null, period_start: paidAt.toISOString(), period_end: '2026-04-30T12:00:00.000Z' },
    ]);
  });
});
