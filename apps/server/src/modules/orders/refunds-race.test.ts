// Concurrency claims of decision 010, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. The app's pool holds several connections (test/database.ts).
import type { ChangePlanResult, OrderItem } from '@everdeal/contracts';
import { moneyMovements, orderItemAdjustments, sandboxLedger, walletEntries } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { availableCodes, buy, createBuyer, createDeal, newKey } from '../../../test/shop';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'refunds and plan changes under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    async function tieredPurchase() {
      const { product } = await createDeal(t.db, {
        plans: [
          { name: 'Tier 1', position: 0, priceCents: 5000, codes: 20 },
          { name: 'Tier 2', position: 1, priceCents: 9000, codes: 20 },
          { name: 'Tier 3', position: 2, priceCents: 15_000, codes: 20 },
        ],
      });
      const [tier1, tier2, tier3] = product.plans;
      if (!tier1 || !tier2 || !tier3) throw new Error('three tiers expected');
      const buyer = await createBuyer(t.app, t.db, []);
      const order = await buy(t.app, buyer, [{ productId: product.id, variantId: tier1.id, quantity: 1 }]);
      const item = order.items[0];
      if (!item) throw new Error('no item');
      return { buyer, order, item, tier1, tier2, tier3 };
    }

    const refund = (token: string, orderId: string, itemId: string, to?: 'credit' | 'original') =>
      callApi<{ item: OrderItem }>(t.app, 'orders/refundItem', { orderId, itemId, to }, { token });
    const change = (token: string, payload: Record<string, unknown>) =>
      callApi<ChangePlanResult>(t.app, 'orders/changePlan', payload, { token });

    async function rowsOf(itemId: string, kind: 'charge' | 'refund') {
      return t.db
        .select()
        .from(moneyMovements)
        .where(and(eq(moneyMovements.orderItemId, itemId), eq(moneyMovements.kind, kind)));
    }

    it('10 refunds of one item at once: exactly one refund, the others refused, the provider refunded once', async () => {
      const { buyer, order, item } = await tieredPurchase();
      const responses = await Promise.all(Array.from({ length: 10 }, () => refund(buyer.token, order.id, item.id)));
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) expect(response.status).toBe(409);
      expect(await rowsOf(item.id, 'refund')).toHaveLength(1);
      const providerRefunds = await t.db
        .select()
        .from(sandboxLedger)
        .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
      expect(providerRefunds).toHaveLength(1);
    });

    it('a refund to store credit racing one to the card: exactly one refund, and one ledger row if it was credit', async () => {
      for (let round = 0; round < 8; round++) {
        const { buyer, order, item } = await tieredPurchase();
        // Both orders of arrival: the credit call first on even rounds, the card call first on odd ones.
        const credit = () => refund(buyer.token, order.id, item.id, 'credit');
        const card = () => refund(buyer.token, order.id, item.id, 'original');
        const [toCredit, toCard] =
          round % 2 === 0 ? await Promise.all([credit(), card()]) : (await Promise.all([card(), credit()])).reverse();
        if (!toCredit || !toCard) throw new Error('two answers expected');
        expect([toCredit.status, toCard.status].sort()).toEqual([200, 409]);
        const refunds = await rowsOf(item.id, 'refund');
        expect(refunds).toHaveLength(1);
        expect(refunds[0]?.amountCents).toBe(5000);
        const ledger = await t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, item.id));
        const providerRefunds = await t.db
          .select()
          .from(sandboxLedger)
          .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
        if (toCredit.status === 200) {
          expect(ledger).toEqual([expect.objectContaining({ amountCents: 5000, kind: 'refund' })]);
          expect(providerRefunds).toEqual([]);
          expect(toCredit.body.data.item).toMatchObject({ status: 'refunded', refundedTo: 'credit' });
        } else {
          expect(ledger).toEqual([]);
          expect(providerRefunds).toEqual([expect.objectContaining({ amountCents: 5000 })]);
          expect(toCard.body.data.item).toMatchObject({ status: 'refunded', refundedTo: 'original' });
        }
      }
      await expectLedgerBalanced(t.db);
    });

    it('8 refunds to store credit of one item at once: one refund, one ledger row', async () => {
      const { buyer, order, item } = await tieredPurchase();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => refund(buyer.token, order.id, item.id, 'credit')),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) expect(response.status).toBe(409);
      expect(await t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, item.id))).toEqual([
        expect.objectContaining({ amountCents: 5000 }),
      ]);
      expect(await rowsOf(item.id, 'refund')).toHaveLength(1);
    });

    it('a refund racing an upgrade: at most one refund, and the money and codes agree with what happened', async () => {
      for (let round = 0; round < 5; round++) {
        const { buyer, order, item, tier3 } = await tieredPurchase();
        const [refunded, upgraded] = await Promise.all([
          refund(buyer.token, order.id, item.id),
          change(buyer.token, { orderId: order.id, itemId: item.id, variantId: tier3.id, idempotencyKey: newKey() }),
        ]);
        expect([200, 409]).toContain(refunded.status);
        expect([200, 409]).toContain(upgraded.status);
        expect(refunded.status === 200 || upgraded.status === 200).toBe(true);
        const refunds = await rowsOf(item.id, 'refund');
        const charges = await rowsOf(item.id, 'charge');
        const { body } = await callApi<{ item: OrderItem }>(
          t.app,
          'orders/getOrderItem',
          { orderId: order.id, itemId: item.id },
          { token: buyer.token },
        );
        if (refunded.status === 200) {
          // Whatever the item paid (with the upgrade, if it went first) came back, once.
          expect(body.data.item.status).toBe('refunded');
          expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(
            charges.reduce((sum, row) => sum + row.amountCents, 0),
          );
          expect(body.data.item.codes.every((code) => code.status === 'revoked')).toBe(true);
        } else {
          expect(refunds).toEqual([]);
          expect(body.data.item).toMatchObject({ status: 'active', variantId: tier3.id });
        }
      }
      await expectLedgerBalanced(t.db);
    });

    it('two upgrades of one item at once (different keys): one change, one charge, one set of new codes', async () => {
      const { buyer, order, item, tier2, tier3 } = await tieredPurchase();
      const before = { tier2: await availableCodes(t.db, tier2.id), tier3: await availableCodes(t.db, tier3.id) };
      const responses = await Promise.all([
        change(buyer.token, { orderId: order.id, itemId: item.id, variantId: tier3.id, idempotencyKey: newKey() }),
        change(buyer.token, { orderId: order.id, itemId: item.id, variantId: tier3.id, idempotencyKey: newKey() }),
        change(buyer.token, { orderId: order.id, itemId: item.id, variantId: tier2.id, idempotencyKey: newKey() }),
      ]);
      const succeeded = responses.filter((response) => response.status === 200);
      expect(succeeded.length).toBeGreaterThanOrEqual(1);
      const changes = await t.db
        .select()
        .from(orderItemAdjustments)
        .where(and(eq(orderItemAdjustments.orderItemId, item.id), eq(orderItemAdjustments.status, 'succeeded')));
      expect(changes).toHaveLength(succeeded.length);
      // Each succeeded change charged exactly its difference once; codes held equal one unit.
      const charges = await rowsOf(item.id, 'charge');
      expect(charges).toHaveLength(1 + changes.filter((row) => row.chargeCents > 0).length);
      const { body } = await callApi<{ item: OrderItem }>(
        t.app,
        'orders/getOrderItem',
        { orderId: order.id, itemId: item.id },
        { token: buyer.token },
      );
      expect(body.data.item.codes.filter((code) => code.status === 'active')).toHaveLength(1);
      const after = { tier2: await availableCodes(t.db, tier2.id), tier3: await availableCodes(t.db, tier3.id) };
      // No code reserved by a refused change stays out of its pool.
      const taken = before.tier2 - after.tier2 + before.tier3 - after.tier3;
      expect(taken).toBe(changes.length);
      await expectLedgerBalanced(t.db);
    });

    it('the same upgrade key 8 times at once: one change, one charge, the same answer', async () => {
      const { buyer, order, item, tier3 } = await tieredPurchase();
      const payload = { orderId: order.id, itemId: item.id, variantId: tier3.id, idempotencyKey: newKey() };
      const responses = await Promise.all(Array.from({ length: 8 }, () => change(buyer.token, payload)));
      const ok = responses.filter((response) => response.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const response of responses.filter((r) => r.status !== 200)) expect(response.status).toBe(409);
      for (const response of ok) expect(response.body.data.chargedCents).toBe(10_000);
      expect(await rowsOf(item.id, 'charge')).toHaveLength(2);
    });

    it('4 refunds of different items at once with the limit at 3: exactly 3 go through', async () => {
      const buyer = await createBuyer(t.app, t.db, []);
      const items = [];
      for (let i = 0; i < 4; i++) {
        const { product, plan } = await createDeal(t.db);
        const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
        items.push({ orderId: order.id, itemId: order.items[0]?.id ?? '' });
      }
      const responses = await Promise.all(items.map((item) => refund(buyer.token, item.orderId, item.itemId)));
      expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
      expect(responses.filter((response) => response.status === 409)).toHaveLength(1);
      await expectLedgerBalanced(t.db);
    });
  },
);
