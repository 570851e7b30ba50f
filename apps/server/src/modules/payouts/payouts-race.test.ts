// Decision 036's "exactly one transfer per seller and period", proven on PostgreSQL (PGlite has
// one connection and cannot race): rounds of several instances at once, for many sellers.
import { sandboxTransfers, sellerPayouts } from '@everdeal/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { onboardInSandbox, payableDeal, payoutDeps, payoutSeller, sell } from '../../../test/payouts';
import { runPayoutRound } from './transfer-round';

describe.skipIf(!process.env.TEST_DATABASE_URL)('payout rounds at once on PostgreSQL', () => {
  let clock = new Date('2029-03-10T12:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t?.close());

  it('four rounds at once make one transfer per seller and period, three times over', async () => {
    for (const month of ['04', '05', '06']) {
      clock = new Date(`2029-${String(Number(month) - 1).padStart(2, '0')}-10T12:00:00.000Z`);
      const sellers = [];
      for (let n = 0; n < 5; n++) {
        const seller = await payoutSeller(t, clock);
        await sell(t, await payableDeal(t, seller, 10_000), clock);
        await onboardInSandbox(t, seller);
        sellers.push(seller);
      }
      clock = new Date(`2029-${month}-01T00:05:00.000Z`);
      const deps = () => payoutDeps(t, () => clock);
      await Promise.all([
        runPayoutRound(deps()),
        runPayoutRound(deps()),
        runPayoutRound(deps()),
        runPayoutRound(deps()),
      ]);
      await Promise.all([runPayoutRound(deps()), runPayoutRound(deps())]);
      const ids = sellers.map((seller) => seller.sellerId);
      const rows = await t.db.select().from(sellerPayouts).where(inArray(sellerPayouts.sellerId, ids));
      expect(rows).toHaveLength(5);
      expect(rows.every((row) => row.status === 'paid' && row.amountCents === 7_000)).toBe(true);
      const transfers = await t.db
        .select()
        .from(sandboxTransfers)
        .where(
          inArray(
            sandboxTransfers.idempotencyKey,
            rows.map((row) => row.idempotencyKey),
          ),
        );
      expect(transfers).toHaveLength(5);
    }
  });
});
