// Decision 015 (and 010's one-refund rule), proven on PostgreSQL (PGlite has one connection and
// cannot race): two admins refunding one item at once make one refund and one 409.
import type { AdminOrderResult } from '@everdeal/contracts';
import { moneyMovements, sandboxLedger } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal } from '../../../test/shop';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'admin refunds under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('two admins refunding one item at once: one refund, one 409, the provider refunded once', async () => {
      const [first, second] = [await createAdminWithSession(t.db), await createAdminWithSession(t.db)];
      for (let round = 0; round < 3; round++) {
        const { product, plan } = await createDeal(t.db);
        const buyer = await createBuyer(t.app, t.db, []);
        const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
        const item = order.items[0];
        if (!item) throw new Error('no item');
        const payload = { orderId: order.id, itemId: item.id, reason: 'Asked twice' };
        const responses = await Promise.all(
          [first, second].map((admin) => callApi<AdminOrderResult>(t.app, 'admin/refundItem', payload, admin)),
        );
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
        const refunds = await t.db
          .select()
          .from(moneyMovements)
          .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
        expect(refunds).toHaveLength(1);
        const providerRefunds = await t.db
          .select()
          .from(sandboxLedger)
          .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
        expect(providerRefunds).toHaveLength(1);
      }
    });
  },
);
