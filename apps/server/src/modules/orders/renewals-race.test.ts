// The renewal job racing the buyers' own changes, proven on PostgreSQL (PGlite has one connection
// and cannot race): `npm run test:pg`. Two instances' rounds run at once while each buyer of a due
// subscription refunds, upgrades or cancels it (decision 020). Whatever the order, the provider's
// charges and the store's rows agree, a refunded item holds no money, nothing is renewed twice.
import type { ChangePlanResult } from '@everdeal/contracts';
import { moneyMovements, orderItemAdjustments, orderItems } from '@everdeal/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { type Buyer, buy, checkoutDepsFor, createBuyer, createDeal, newKey } from '../../../test/shop';
import type { PaymentProvider } from '../payments/provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createSession } from '../users/sessions';
import { runRenewals } from './renewals';

const ITEMS_PER_ACTION = 6;
const ACTIONS = ['refund', 'upgrade', 'downgrade', 'cancel', 'none'] as const;
type Action = (typeof ACTIONS)[number];

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'renewals racing refunds, plan changes and cancellations on PostgreSQL',
  () => {
    let clock = new Date('2026-11-23T10:00:00Z');
    const now = () => clock;
    let t: TestApp;
    let provider: PaymentProvider;

    beforeAll(async () => {
      t = await createTestApp({
        now,
        paymentProvider: (db) => {
          provider = createSandboxProvider({ db, now });
          return provider;
        },
      });
    });
    afterAll(() => t?.close());

    type Bought = { action: Action; buyer: Buyer; orderId: string; itemId: string; tiers: number[] };

    async function boughtMonthly(action: Action, index: number): Promise<Bought> {
      const { product } = await createDeal(t.db, {
        name: `Race ${action} ${index}`,
        plans: [
          { name: 'Basic', position: 0, kind: 'subscription', billingInterval: 'month', priceCents: 900, codes: 4 },
          { name: 'Pro', position: 1, kind: 'subscription', billingInterval: 'month', priceCents: 1900, codes: 4 },
        ],
      });
      const tiers = product.plans.map((plan) => plan.id);
      const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
      // A downgrade starts from Pro; everything else from Basic.
      const start = action === 'downgrade' ? tiers[1] : tiers[0];
      const order = await buy(t.app, buyer, [{ productId: product.id, variantId: start ?? 0, quantity: 1 }]);
      const item = order.items[0];
      if (!item) throw new Error('no item');
      return { action, buyer, orderId: order.id, itemId: item.id, tiers };
    }

    async function act(bought: Bought) {
      const token = await createSession(t.db, bought.buyer.userId, clock);
      const ids = { orderId: bought.orderId, itemId: bought.itemId };
      switch (bought.action) {
        case 'refund':
          return callApi(t.app, 'orders/refundItem', ids, { token });
        case 'cancel':
          return callApi(t.app, 'orders/cancelSubscription', ids, { token });
        case 'upgrade':
        case 'downgrade': {
          const variantId = bought.action === 'upgrade' ? bought.tiers[1] : bought.tiers[0];
          return callApi<ChangePlanResult>(
            t.app,
            'orders/changePlan',
            { ...ids, variantId, idempotencyKey: newKey() },
            { token },
          );
        }
        case 'none':
          return { status: 200 };
      }
    }

    it('agree with the provider whatever wins each race', async () => {
      const bought: Bought[] = [];
      for (const action of ACTIONS) {
        for (let index = 0; index < ITEMS_PER_ACTION; index += 1) bought.push(await boughtMonthly(action, index));
      }
      clock = new Date(clock.getTime() + 32 * 24 * 60 * 60_000);
      const deps = checkoutDepsFor(t, provider, now);

      const [answers] = await Promise.all([
        Promise.all(bought.map((item) => act(item))),
        runRenewals(deps),
        runRenewals(deps),
      ]);
      // A change refused because a renewal of the item was under way is the only refusal allowed.
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      // A later round finishes anything a refused change left to renew.
      await runRenewals(deps);

      const ids = bought.map((item) => item.itemId);
      const items = new Map(
        (await t.db.select().from(orderItems).where(inArray(orderItems.id, ids))).map((row) => [row.id, row]),
      );
      const rows = await t.db
        .select({
          itemId: moneyMovements.orderItemId,
          kind: moneyMovements.kind,
          amountCents: moneyMovements.amountCents,
          adjustmentKind: orderItemAdjustments.kind,
        })
        .from(moneyMovements)
        .leftJoin(orderItemAdjustments, eq(orderItemAdjustments.id, moneyMovements.adjustmentId))
        .where(inArray(moneyMovements.orderItemId, ids));
      const pending = await t.db
        .select()
        .from(orderItemAdjustments)
        .where(and(inArray(orderItemAdjustments.orderItemId, ids), eq(orderItemAdjustments.status, 'pending')));
      expect(pending).toEqual([]);

      for (const [index, { action, itemId }] of bought.entries()) {
        const item = items.get(itemId);
        const mine = rows.filter((row) => row.itemId === itemId);
        const renewals = mine.filter((row) => row.kind === 'charge' && row.adjustmentKind === 'renewal');
        const held = mine.reduce((sum, row) => sum + (row.kind === 'charge' ? row.amountCents : -row.amountCents), 0);
        const label = `${action} ${index}`;
        // Never renewed twice for one period.
        expect(renewals.length, label).toBeLessThanOrEqual(1);
        if (item?.status === 'refunded') {
          // A refunded item holds nothing: no renewal charged after the refund.
          expect(held, label).toBe(0);
          continue;
        }
        if (item?.status === 'ended') {
          expect(action, label).toBe('cancel');
          expect(renewals, label).toEqual([]);
          continue;
        }
        expect(item?.status, label).toBe('active');
        // Still active: renewed once, at the price of the plan the item was on when it renewed.
        expect(
          renewals.map((row) => row.amountCents),
          label,
        ).toHaveLength(1);
        expect([900, 1900], label).toContain(renewals[0]?.amountCents);
        if (action === 'none' || action === 'refund') expect(renewals[0]?.amountCents, label).toBe(900);
        if (action === 'cancel') expect(item?.cancelAtPeriodEnd, label).toBe(true);
      }
      await expectLedgerBalanced(t.db);
    });
  },
);
