import { type ChangePlanResult, type OrderItem, type PlanOptionsResult, RefundMessage } from '@everdeal/contracts';
import { licenseCodes, moneyMovements } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { addCard, availableCodes, buy, createBuyer, createDeal, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';
import { formatDate } from './adjustment-mail';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A product with three lifetime tiers ($50, $100, $200) and a bought unit (or more) of the middle one. */
async function boughtMiddleTier(quantity = 1, refundWindowDays = 60) {
  const { product } = await createDeal(t.db, {
    name: 'Tiered AI',
    refundWindowDays,
    plans: [
      { name: 'Tier 1', position: 0, priceCents: 5000, codes: 5 },
      { name: 'Tier 2', position: 1, priceCents: 10_000, codes: 5 },
      { name: 'Tier 3', position: 2, priceCents: 20_000, codes: 5 },
    ],
  });
  const [tier1, tier2, tier3] = product.plans;
  if (!tier1 || !tier2 || !tier3) throw new Error('three tiers expected');
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: tier2.id, quantity }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { product, tier1, tier2, tier3, buyer, order, item };
}

function changePlan(token: string, payload: Record<string, unknown>) {
  return callApi<ChangePlanResult>(t.app, 'orders/changePlan', payload, { token });
}

describe('orders/changePlan', () => {
  it('upgrades: charges the difference once, swaps the codes, keeps the purchase date and refund deadline', async () => {
    const { buyer, order, item, tier2, tier3 } = await boughtMiddleTier(2);
    later(DAY_MS);
    const key = newKey();
    const payload = { orderId: order.id, itemId: item.id, variantId: tier3.id, idempotencyKey: key };

    const response = await changePlan(buyer.token, payload);

    expect(response.status).toBe(200);
    const { item: changed, chargedCents, refundedCents } = response.body.data;
    expect({ chargedCents, refundedCents }).toEqual({ chargedCents: 20_000, refundedCents: 0 });
    expect(changed).toMatchObject({ variantId: tier3.id, planName: 'Tier 3', price: 20_000, amount: 40_000 });
    expect(changed.refundableUntil).toBe(item.refundableUntil);
    // The old codes stay listed, revoked, so the buyer sees they stopped working.
    const oldOnes = item.codes.map((code) => code.code);
    expect(changed.codes.filter((code) => oldOnes.includes(code.code)).map((code) => code.status)).toEqual([
      'revoked',
      'revoked',
    ]);
    expect(changed.codes.filter((code) => !oldOnes.includes(code.code)).map((code) => code.status)).toEqual([
      'active',
      'active',
    ]);
    const oldCodes = await t.db
      .select({ status: licenseCodes.status })
      .from(licenseCodes)
      .where(eq(licenseCodes.planId, tier2.id));
    expect(oldCodes.filter((code) => code.status === 'revoked')).toHaveLength(2);
    expect(await availableCodes(t.db, tier3.id)).toBe(3);

    // The same key again: the same answer, no second charge.
    const again = await changePlan(buyer.token, payload);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(response.body.data);
    const charges = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'charge')));
    expect(charges.map((row) => row.amountCents).sort()).toEqual([20_000, 20_000]);
    // The same key for another change is refused.
    const reused = await changePlan(buyer.token, { ...payload, variantId: item.variantId });
    expect(reused.status).toBe(422);
  });

  it('a declined card: 402, the item and its codes as they were, the new plan’s codes back in the pool', async () => {
    const { buyer, order, item, tier3 } = await boughtMiddleTier();
    const declined = await addCard(t.app, buyer.token, SANDBOX_TEST_CARDS.declined);
    const before = await availableCodes(t.db, tier3.id);
    const response = await changePlan(buyer.token, {
      orderId: order.id,
      itemId: item.id,
      variantId: tier3.id,
      paymentMethodId: declined.id,
      idempotencyKey: newKey(),
    });
    expect(response.status).toBe(402);
    expect(response.body.msg).toBe('Your card was declined.');
    expect(await availableCodes(t.db, tier3.id)).toBe(before);
    const { body } = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(body.data.item).toEqual(item);
  });

  it('downgrades inside the refund window: the difference comes back through the provider', async () => {
    const { buyer, order, item, tier1 } = await boughtMiddleTier();
    later(5 * DAY_MS);
    const response = await changePlan(buyer.token, {
      orderId: order.id,
      itemId: item.id,
      variantId: tier1.id,
      idempotencyKey: newKey(),
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ chargedCents: 0, refundedCents: 5000 });
    expect(response.body.data.item).toMatchObject({ planName: 'Tier 1', amount: 5000 });
    const refunds = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
    expect(refunds.map((row) => row.amountCents)).toEqual([5000]);
  });

  it('refuses a downgrade after the window and says why; an upgrade is still possible', async () => {
    const { buyer, order, item, tier1, tier3 } = await boughtMiddleTier(1, 14);
    later(15 * DAY_MS);
    const response = await changePlan(buyer.token, {
      orderId: order.id,
      itemId: item.id,
      variantId: tier1.id,
      idempotencyKey: newKey(),
    });
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(
      RefundMessage.downgradeAfterWindow(formatDate(new Date(item.refundableUntil ?? ''))),
    );
    const options = await callApi<PlanOptionsResult>(
      t.app,
      'orders/getPlanOptions',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(options.body.data.options).toEqual([
      expect.objectContaining({
        variantId: tier1.id,
        direction: 'downgrade',
        refundCents: 5000,
        available: false,
        unavailableReason: response.body.msg,
      }),
      expect.objectContaining({
        variantId: tier3.id,
        direction: 'upgrade',
        chargeCents: 10_000,
        available: true,
        unavailableReason: null,
      }),
    ]);
  });

  it('refuses another product’s plan and the item’s own plan', async () => {
    const { buyer, order, item, tier2 } = await boughtMiddleTier();
    const other = await createDeal(t.db);
    for (const [variantId, message] of [
      [other.plan.id, RefundMessage.notSameProduct],
      [tier2.id, RefundMessage.samePlan],
    ] as const) {
      const response = await changePlan(buyer.token, {
        orderId: order.id,
        itemId: item.id,
        variantId,
        idempotencyKey: newKey(),
      });
      expect(response.status).toBe(409);
      expect(response.body.msg).toBe(message);
    }
  });

  it('refunding an upgraded item returns both payments', async () => {
    const { buyer, order, item, tier3 } = await boughtMiddleTier();
    const upgraded = await changePlan(buyer.token, {
      orderId: order.id,
      itemId: item.id,
      variantId: tier3.id,
      idempotencyKey: newKey(),
    });
    expect(upgraded.status).toBe(200);
    const refunded = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    const refunds = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
    expect(refunds.map((row) => row.amountCents).sort()).toEqual([10_000, 10_000]);
  });

  it('an upgrade without a usable saved card is refused before anything is reserved', async () => {
    const { buyer, order, item, tier3 } = await boughtMiddleTier();
    await callApi(t.app, 'payments/removePaymentMethod', { id: buyer.card.id }, { token: buyer.token });
    const response = await changePlan(buyer.token, {
      orderId: order.id,
      itemId: item.id,
      variantId: tier3.id,
      idempotencyKey: newKey(),
    });
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(RefundMessage.paymentMethodRequired);
    expect(await availableCodes(t.db, tier3.id)).toBe(5);
  });

  it('leaves every order paid minus refunded equal to what the provider holds', async () => {
    await expectLedgerBalanced(t.db);
  });
});
