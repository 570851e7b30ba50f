// Decision 031's "paid exactly once", proven on PostgreSQL (PGlite has one connection and cannot
// race): two protection rounds at once (two instances) pay each item once, and a refund racing
// the protection of the same item ends in one of them, never both.
import { moneyMovements, orderItems, products, walletEntries } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal } from '../../../test/shop';
import { runProtectionRound } from './protection';

describe.skipIf(!process.env.TEST_DATABASE_URL)('lifetime protection under concurrency on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const deps = () => ({
    db: t.db,
    now: () => new Date(),
    outbox: { deliver: () => {} } as never,
    brand: { publicUrl: 'http://localhost:3000', supportEmail: 'support@everdeal.local' },
    log: t.app.log,
    catalogChanged: () => {},
  });

  /** A deal with `buyers` buyers of one unit each, then ended a moment ago (as a shutdown leaves it). */
  async function endedDealWithBuyers(buyers: number) {
    const { product, plan } = await createDeal(t.db, { plans: [{ priceCents: 4_900, originalPriceCents: 9_900 }] });
    const bought = [];
    for (let n = 0; n < buyers; n++) {
      const buyer = await createBuyer(t.app, t.db, []);
      const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
      const item = order.items[0];
      if (!item) throw new Error('no item');
      bought.push({ buyer, order, item });
    }
    await t.db
      .update(products)
      .set({
        lifetimePromise: 'shut_down',
        sunsetAt: new Date(),
        sunsetMessage: 'Ended by a test',
        dealStatus: 'ended',
      })
      .where(eq(products.id, product.id));
    return bought;
  }

  it('two rounds at once pay every item once', async () => {
    for (let round = 0; round < 3; round++) {
      const bought = await endedDealWithBuyers(4);
      await Promise.all([runProtectionRound(deps()), runProtectionRound(deps()), runProtectionRound(deps())]);
      for (const { item } of bought) {
        const entries = await t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, item.id));
        expect(entries.map((entry) => entry.amountCents)).toEqual([4_900]);
      }
    }
  });

  it('a refund racing the protection of the same item: one of them, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const [{ buyer, order, item }] = (await endedDealWithBuyers(1)) as [
        Awaited<ReturnType<typeof endedDealWithBuyers>>[number],
      ];
      const [refund] = await Promise.all([
        callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId: item.id }, buyer),
        runProtectionRound(deps()),
      ]);
      // A refund still in flight when the round locked the item leaves it to the next round.
      await runProtectionRound(deps());
      const credit = await t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, item.id));
      const refunds = await t.db
        .select()
        .from(moneyMovements)
        .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
      const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
      if (refund.status === 200) {
        expect(refunds).toHaveLength(1);
        expect(credit).toHaveLength(0);
        expect(row?.status).toBe('refunded');
      } else {
        expect(refund.status).toBe(409);
        expect(refunds).toHaveLength(0);
        expect(credit.map((entry) => entry.amountCents)).toEqual([4_900]);
        expect(row?.status).toBe('ended');
      }
    }
  });
});
