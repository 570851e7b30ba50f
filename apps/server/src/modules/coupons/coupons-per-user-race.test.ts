// The per-shopper limit of decision 040 under one buyer's concurrent checkouts, proven on
// PostgreSQL (PGlite has one connection and cannot race): `TEST_DATABASE_URL=… npx vitest run`
// this file.
import { CouponMessage } from '@everdeal/contracts';
import { couponRedemptions, coupons, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { checkout, createBuyer, createDeal, newKey, sandboxLedgerOf } from '../../../test/shop';
import { uniqueCode, useCouponTestApp } from './coupon-test-kit';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one buyer’s checkouts at once with a coupon of maxUsesPerUser 1, on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    const kit = useCouponTestApp();

    /** A buyer with a card and one line of a new 8000-cent deal, and a 25% coupon applied once per shopper. */
    async function buyerWithCoupon() {
      const { product, plan } = await createDeal(kit.t.db, { plans: [{ priceCents: 8000, codes: 20 }] });
      const line = { productId: product.id, variantId: plan.id, quantity: 1 };
      const buyer = await createBuyer(kit.t.app, kit.t.db, [line]);
      const code = uniqueCode('ONCE');
      await kit.adminCoupon({ code, percentOff: 25, maxUsesPerUser: 1 });
      const applied = await kit.apply(buyer.token, code);
      expect(applied.body.data.totalPrice).toBe(6000);
      return { buyer, line, code };
    }

    async function usesOf(code: string) {
      const [coupon] = await kit.t.db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
      if (!coupon) throw new Error('no coupon');
      const redemptions = await kit.t.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, coupon.id));
      return { uses: coupon.uses, redemptions: redemptions.length };
    }

    it('six checkouts of one cart at once: one discounted order, the others refused without an order or a charge', async () => {
      const { buyer, code } = await buyerWithCoupon();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          checkout(kit.t.app, buyer.token, {
            paymentMethodId: buyer.card.id,
            idempotencyKey: newKey(),
            expectedTotal: 6000,
          }),
        ),
      );
      const paid = responses.filter((response) => response.status === 200);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.body.data.order.total).toBe(6000);
      for (const response of responses.filter((candidate) => candidate.status !== 200)) {
        expect(response.status, JSON.stringify(response.body)).toBe(409);
      }
      const made = await kit.t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
      expect(made).toHaveLength(1);
      expect((await sandboxLedgerOf(kit.t.db, buyer.userId)).map((row) => row.amountCents)).toEqual([6000]);
      expect(await usesOf(code)).toEqual({ uses: 1, redemptions: 1 });
      await expectLedgerBalanced(kit.t.db);
    });

    it('checkouts that judged the coupon before another one used it, then find the line back in the cart: refused, not charged', async () => {
      // The one interleaving where only the claim's per-shopper condition stands between the buyer
      // and a second discount (one checkout of a cart at a time, decision 007, stops the rest). A
      // checkout paid with store credit is held at its claim of the coupon; three card checkouts
      // read the cart and judge the coupon meanwhile (no use yet) and queue for the buyer's row
      // behind the test; the credit checkout uses the coupon and settles, taking the line and the
      // coupon out of the cart; another tab puts the line back; then the three go on.
      const { buyer, line, code } = await buyerWithCoupon();
      const grant = await callApi(
        kit.t.app,
        'admin/grantCredit',
        { userId: buyer.userId, amountCents: 10_000, note: 'race test' },
        { token: kit.adminToken },
      );
      expect(grant.status, JSON.stringify(grant.body)).toBe(200);
      const url = kit.t.databaseUrl;
      if (!url) throw new Error('no PostgreSQL database');
      const connect = () => postgres(url, { max: 1, onnotice: () => {} });
      const couponGate = connect();
      const buyerGate = connect();
      const monitor = connect();
      // Bounded by time, well inside the test's own limit: on a loaded CI host a bound by rounds
      // outlasted the test's timeout, which then hid how many statements were waiting.
      const waitersOn = async (pattern: string, count: number) => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [row] = await monitor<{ n: number }[]>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike ${pattern}`;
          if (row?.n === count) return;
          if (Date.now() > deadline) throw new Error(`${count} statements like ${pattern} should wait, ${row?.n} do`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      /** Runs `statement` in a transaction of `client` that stays open until the answered function is called. */
      const holdLock = async (client: postgres.Sql, statement: (tx: postgres.TransactionSql) => Promise<unknown>) => {
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let taken = () => {};
        const isTaken = new Promise<void>((resolve) => {
          taken = resolve;
        });
        const done = client.begin(async (tx) => {
          const locking = statement(tx);
          taken();
          await locking;
          await released;
        });
        await isTaken;
        return async () => {
          release();
          await done;
        };
      };
      try {
        const releaseCoupon = await holdLock(
          couponGate,
          (tx) => tx`select id from coupons where code = ${code.toUpperCase()} for update`,
        );
        const first = checkout(kit.t.app, buyer.token, {
          useCredit: true,
          idempotencyKey: newKey(),
          expectedTotal: 6000,
        });
        await waitersOn('%update "coupons"%', 1);
        // The credit checkout holds the buyer's row; the test queues for it before the card checkouts.
        const releaseBuyer = await holdLock(
          buyerGate,
          (tx) => tx`select id from users where id = ${buyer.userId} for no key update`,
        );
        await waitersOn('%for no key update%', 1);
        const late = Array.from({ length: 3 }, () =>
          checkout(kit.t.app, buyer.token, {
            paymentMethodId: buyer.card.id,
            idempotencyKey: newKey(),
            expectedTotal: 6000,
          }),
        );
        await waitersOn('%for no key update%', 4);

        await releaseCoupon();
        const paid = await first;
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        expect(paid.body.data.order).toEqual(expect.objectContaining({ total: 6000, paidWithCreditCents: 6000 }));
        const again = await callApi(kit.t.app, 'cart/change', line, { token: buyer.token });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        await releaseBuyer();

        for (const response of await Promise.all(late)) {
          expect(response.body).toEqual({
            code: 409,
            msg: CouponMessage.noLongerApplies(CouponMessage.perUserLimit),
            data: null,
          });
        }
      } finally {
        await Promise.all([couponGate, buyerGate, monitor].map((client) => client.end()));
      }
      const made = await kit.t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
      expect(made.map((order) => [order.status, order.discountCents])).toEqual([['paid', 2000]]);
      expect(await sandboxLedgerOf(kit.t.db, buyer.userId)).toEqual([]);
      expect(await usesOf(code)).toEqual({ uses: 1, redemptions: 1 });
      await expectLedgerBalanced(kit.t.db);
    }, 40_000);
  },
);
