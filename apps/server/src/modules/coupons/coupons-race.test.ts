// The use limit of decision 040 under concurrent checkouts, proven on PostgreSQL (PGlite has one
// connection and cannot race): `TEST_DATABASE_URL=… npx vitest run` this file.
import { type CartContents, CouponMessage } from '@everdeal/contracts';
import { couponRedemptions, coupons, orders, sandboxLedger } from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { checkout, createBuyer, createDeal, newKey } from '../../../test/shop';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'coupon uses under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('maxUses 5 and 12 buyers checking out at once: exactly 5 discounted orders, 7 refused and not charged', async () => {
      const admin = await createAdminWithSession(t.db);
      const { product, plan } = await createDeal(t.db, { plans: [{ priceCents: 8000, codes: 30 }] });
      const code = `RACE-${Date.now()}`;
      const created = await callApi(
        t.app,
        'admin/createCoupon',
        { code, percentOff: 25, maxUses: 5 },
        {
          token: admin.token,
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const buyers = await Promise.all(
        Array.from({ length: 12 }, () =>
          createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]),
        ),
      );
      for (const buyer of buyers) {
        const applied = await callApi<CartContents>(t.app, 'cart/applyCoupon', { code }, { token: buyer.token });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        expect(applied.body.data.totalPrice).toBe(6000);
      }

      const responses = await Promise.all(
        buyers.map((buyer) =>
          checkout(t.app, buyer.token, {
            paymentMethodId: buyer.card.id,
            idempotencyKey: newKey(),
            expectedTotal: 6000,
          }),
        ),
      );

      const paid = responses.filter((response) => response.status === 200);
      const refused = responses.filter((response) => response.status !== 200);
      expect(paid).toHaveLength(5);
      for (const response of paid) expect(response.body.data.order.total).toBe(6000);
      expect(refused).toHaveLength(7);
      for (const response of refused) {
        expect(response.body).toEqual({
          code: 409,
          msg: CouponMessage.noLongerApplies(CouponMessage.usedUp),
          data: null,
        });
      }
      const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, code));
      expect(coupon?.uses).toBe(5);
      if (!coupon) throw new Error('no coupon');
      expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(
        5,
      );
      // The refused buyers have no order and were never charged.
      const refusedIds = buyers.filter((_, index) => responses[index]?.status !== 200).map((buyer) => buyer.userId);
      const refusedOrders = await t.db.select().from(orders).where(inArray(orders.userId, refusedIds));
      expect(refusedOrders).toEqual([]);
      const paidIds = paid.map((response) => response.body.data.order.id);
      const charges = await t.db.select().from(sandboxLedger).where(inArray(sandboxLedger.merchantReference, paidIds));
      expect(charges.map((charge) => charge.amountCents)).toEqual(Array(5).fill(6000));
      await expectLedgerBalanced(t.db);
    });
  },
);
