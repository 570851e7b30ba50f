// Concurrency claims of decision 007, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. The app's pool holds several connections (test/database.ts).
import { OrderMessage } from '@everdeal/contracts';
import { licenseCodes, moneyMovements, orderItemCodes, orderItems, orders, sandboxLedger, users } from '@everdeal/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMailFiles, waitForMailFile } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { checkout, checkoutDepsFor, createBuyer, createDeal, faultyProvider, newKey } from '../../../test/shop';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { reconcilePayments } from './reconcile';
import { PENDING_LEASE_MS } from './reserve';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'checkout under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let clock = new Date();
    const now = () => clock;
    let t: TestApp;
    let faults: ReturnType<typeof faultyProvider>;

    beforeAll(async () => {
      t = await createTestApp({
        now,
        paymentProvider: (db) => {
          faults = faultyProvider(createSandboxProvider({ db, now }));
          return faults.provider;
        },
      });
    });
    afterAll(() => t?.close());

    async function ledgerOfOrders(orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return t.db.select().from(sandboxLedger).where(inArray(sandboxLedger.merchantReference, orderIds));
    }

    it('50 buyers at once for a plan with 10 codes: 10 paid orders, 40 clean 409s, no code twice, no charge for the 40', async () => {
      const { product, plan } = await createDeal(t.db, { name: 'Race Tool', plans: [{ name: 'Solo', codes: 10 }] });
      const buyers = await Promise.all(
        Array.from({ length: 50 }, () =>
          createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]),
        ),
      );
      const responses = await Promise.all(
        buyers.map((buyer) =>
          checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
        ),
      );

      const paid = responses.filter((response) => response.status === 200);
      const refused = responses.filter((response) => response.status !== 200);
      expect(paid).toHaveLength(10);
      expect(refused).toHaveLength(40);
      const soldOut = new RegExp(
        `^(${OrderMessage.soldOut('Race Tool', 'Solo').replace(/[()]/g, '\\$&')}|Only \\d+ codes? of Race Tool \\(Solo\\) (is|are) left)$`,
      );
      for (const response of refused) {
        expect(response.status).toBe(409);
        expect(response.body.code).toBe(409);
        expect(response.body.msg).toMatch(soldOut);
        expect(response.body.data).toBeNull();
      }

      const codes = paid.flatMap((response) => response.body.data.order.items.flatMap((item) => item.codes));
      expect(codes).toHaveLength(10);
      expect(new Set(codes.map((code) => code.code)).size).toBe(10);
      const pool = await t.db
        .select({ status: licenseCodes.status })
        .from(licenseCodes)
        .where(eq(licenseCodes.planId, plan.id));
      expect(pool.map((code) => code.status)).toEqual(Array(10).fill('allocated'));
      const links = await t.db
        .select({ code: orderItemCodes.licenseCodeId })
        .from(orderItemCodes)
        .innerJoin(orderItems, eq(orderItems.id, orderItemCodes.orderItemId))
        .where(eq(orderItems.planId, plan.id));
      expect(new Set(links.map((link) => link.code)).size).toBe(10);
      expect(links).toHaveLength(10);

      const allOrders = await t.db
        .select({ id: orders.id, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(
          inArray(
            orders.userId,
            buyers.map((buyer) => buyer.userId),
          ),
        );
      expect(allOrders.map((order) => order.status)).toEqual(Array(10).fill('paid'));
      const ledger = await t.db.select().from(sandboxLedger).where(sql`${sandboxLedger.merchantReference} is not null`);
      const ours = ledger.filter((row) => allOrders.some((order) => order.id === row.merchantReference));
      expect(ours.map((row) => row.status)).toEqual(Array(10).fill('succeeded'));
      // The 40 never reached the provider: no order, so no payment could name one.
      const refusedUsers = buyers.filter((buyer) => !allOrders.some((order) => order.userId === buyer.userId));
      expect(refusedUsers).toHaveLength(40);
    });

    it('10 parallel requests with one idempotency key: one order, one charge, the same answer', async () => {
      const { product, plan } = await createDeal(t.db);
      const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
      const payload = { paymentMethodId: buyer.card.id, idempotencyKey: newKey() };
      const responses = await Promise.all(Array.from({ length: 10 }, () => checkout(t.app, buyer.token, payload)));

      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      const [first] = responses;
      for (const response of responses) expect(response.body.data).toEqual(first?.body.data);
      const rows = await t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
      expect(rows.map((row) => row.status)).toEqual(['paid']);
      const orderId = rows[0]?.id ?? '';
      expect(await ledgerOfOrders([orderId])).toHaveLength(1);
      expect(await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, orderId))).toHaveLength(1);
      expect(first?.body.data.order.items[0]?.codes).toHaveLength(2);
      const [pool] = await t.db
        .select({
          allocated: sql<number>`count(*) filter (where ${licenseCodes.status} = 'allocated')`.mapWith(Number),
        })
        .from(licenseCodes)
        .where(eq(licenseCodes.planId, plan.id));
      expect(pool?.allocated).toBe(2);
    });

    it('faults between charge and settlement are repaired by two reconciliation jobs running at once, each order once', async () => {
      const { product, plan } = await createDeal(t.db, { plans: [{ codes: 20 }] });
      const buyers = await Promise.all(
        Array.from({ length: 6 }, () =>
          createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 2 }]),
        ),
      );
      for (const _ of buyers) faults.failAfterCharge();
      const crashed = await Promise.all(
        buyers.map((buyer) =>
          checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
        ),
      );
      expect(crashed.map((response) => response.status)).toEqual(Array(6).fill(500));
      const pending = await t.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.userId,
            buyers.map((buyer) => buyer.userId),
          ),
        );
      expect(pending.map((order) => order.status)).toEqual(Array(6).fill('pending'));

      clock = new Date(clock.getTime() + PENDING_LEASE_MS + 1000);
      const [one, two] = await Promise.all([
        reconcilePayments(checkoutDepsFor(t, faults.provider, now)),
        reconcilePayments(checkoutDepsFor(t, faults.provider, now)),
      ]);
      expect((one?.checked ?? 0) + (two?.checked ?? 0)).toBe(6);
      expect((one?.paid ?? 0) + (two?.paid ?? 0)).toBe(6);

      const ids = pending.map((order) => order.id);
      const settled = await t.db.select().from(orders).where(inArray(orders.id, ids));
      expect(settled.map((order) => order.status)).toEqual(Array(6).fill('paid'));
      expect(await ledgerOfOrders(ids)).toHaveLength(6);
      const movements = await t.db.select().from(moneyMovements).where(inArray(moneyMovements.orderId, ids));
      expect(movements).toHaveLength(6);
      const [pool] = await t.db
        .select({
          allocated: sql<number>`count(*) filter (where ${licenseCodes.status} = 'allocated')`.mapWith(Number),
        })
        .from(licenseCodes)
        .where(eq(licenseCodes.planId, plan.id));
      expect(pool?.allocated).toBe(12);
      for (const buyer of buyers) {
        const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, buyer.userId));
        await waitForMailFile(t.dataDir, user?.email ?? '', /Subject: Your Everdeal receipt/);
        expect(findMailFiles(t.dataDir, user?.email ?? '', /Subject: Your Everdeal receipt/)).toHaveLength(1);
      }
    });
  },
);
