// A cart checks out once (decision 007): several checkouts of one cart with different
// idempotency keys (two tabs, a double submit, a script) make one paid order and one charge.
// Proven on PostgreSQL (PGlite has one connection and cannot race): `npm run test:pg`.
import { OrderMessage } from '@everdeal/contracts';
import { licenseCodes, moneyMovements, orderItemCodes, orderItems, orders } from '@everdeal/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { cartOf, checkout, createBuyer, createDeal, newKey, sandboxLedgerOf } from '../../../test/shop';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one cart, one checkout on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('12 shoppers each firing 2 to 10 checkouts at once with different keys: one paid order and one charge each', async () => {
      const { product, plan } = await createDeal(t.db, { name: 'Twice Tool', plans: [{ name: 'Solo', codes: 300 }] });
      const second = await createDeal(t.db, { name: 'Other Tool', plans: [{ name: 'Team', codes: 300 }] });
      const lines = [
        { productId: product.id, variantId: plan.id, quantity: 2 },
        { productId: second.product.id, variantId: second.plan.id, quantity: 1 },
      ];
      const shoppers = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => ({
          buyer: await createBuyer(t.app, t.db, lines),
          attempts: 2 + (index % 9),
        })),
      );
      const answers = await Promise.all(
        shoppers.map(({ buyer, attempts }) =>
          Promise.all(
            Array.from({ length: attempts }, () =>
              checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
            ),
          ),
        ),
      );

      for (const [index, responses] of answers.entries()) {
        const shopper = shoppers[index];
        if (!shopper) throw new Error('no shopper');
        const paid = responses.filter((response) => response.status === 200);
        expect(paid, responses.map((response) => `${response.status} ${response.body.msg}`).join('\n')).toHaveLength(1);
        for (const response of responses.filter((candidate) => candidate.status !== 200)) {
          // A sibling is paying (409), or paid and emptied the cart before this one read it (400).
          expect([409, 400]).toContain(response.status);
          expect([OrderMessage.checkoutInProgress, OrderMessage.cartChanged, OrderMessage.cartEmpty]).toContain(
            response.body.msg,
          );
          expect(response.body.data).toBeNull();
        }

        const rows = await t.db.select().from(orders).where(eq(orders.userId, shopper.buyer.userId));
        expect(rows.map((row) => row.status)).toEqual(['paid']);
        const orderId = rows[0]?.id ?? '';
        expect(paid[0]?.body.data.order.id).toBe(orderId);
        // Charged once: one payment at the provider, one charge row per item.
        const ledger = await sandboxLedgerOf(t.db, shopper.buyer.userId);
        expect(ledger.map((row) => [row.kind, row.status, row.amountCents])).toEqual([
          ['charge', 'succeeded', rows[0]?.totalCents],
        ]);
        const movements = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, orderId));
        expect(movements).toHaveLength(2);
        expect((await cartOf(t, shopper.buyer.token)).items).toEqual([]);
      }

      // Codes went to the paid orders only: 2 + 1 per shopper, each code once, none held.
      const links = await t.db
        .select({ code: orderItemCodes.licenseCodeId })
        .from(orderItemCodes)
        .innerJoin(orderItems, eq(orderItems.id, orderItemCodes.orderItemId))
        .where(inArray(orderItems.planId, [plan.id, second.plan.id]));
      expect(links).toHaveLength(36);
      expect(new Set(links.map((link) => link.code)).size).toBe(36);
      const [pool] = await t.db
        .select({
          allocated: sql<number>`count(*) filter (where ${licenseCodes.status} = 'allocated')`.mapWith(Number),
          reserved: sql<number>`count(*) filter (where ${licenseCodes.status} = 'reserved')`.mapWith(Number),
        })
        .from(licenseCodes)
        .where(inArray(licenseCodes.planId, [plan.id, second.plan.id]));
      expect(pool).toEqual({ allocated: 36, reserved: 0 });
    });
  },
);
