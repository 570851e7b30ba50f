import { type ChangePlanResult, type OrderItem, type PlanOptionsResult, RefundMessage } from '@everdeal/contracts';
import { moneyMovements } from '@everdeal/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import {
  availableCodes,
  type Buyer,
  billInGermany,
  buy,
  checkoutDepsFor,
  createBuyer,
  createDeal,
  newKey,
} from '../../../test/shop';
import type { PaymentProvider } from '../payments/provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createSession } from '../users/sessions';
import { runRenewals } from './renewals';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;
let sandbox: PaymentProvider;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      sandbox = createSandboxProvider({ db, now });
      return sandbox;
    },
  });
});
afterAll(() => t?.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A fresh session on the moved clock (sessions expire after 30 idle days). */
const tokenOf = (buyer: Buyer) => createSession(t.db, buyer.userId, clock);

async function optionsOf(buyer: Buyer, ids: { orderId: string; itemId: string }) {
  const response = await callApi<PlanOptionsResult>(t.app, 'orders/getPlanOptions', ids, {
    token: await tokenOf(buyer),
  });
  expect(response.status).toBe(200);
  return response.body.data.options;
}

async function changePlan(buyer: Buyer, payload: { orderId: string; itemId: string; variantId: number }) {
  return callApi<ChangePlanResult>(
    t.app,
    'orders/changePlan',
    { ...payload, idempotencyKey: newKey() },
    { token: await tokenOf(buyer) },
  );
}

async function moneyOf(itemId: string) {
  const rows = await t.db
    .select({ kind: moneyMovements.kind, amountCents: moneyMovements.amountCents })
    .from(moneyMovements)
    .where(eq(moneyMovements.orderItemId, itemId))
    .orderBy(asc(moneyMovements.createdAt), asc(moneyMovements.kind));
  return rows.map((row) => `${row.kind} ${row.amountCents}`);
}

const codesOf = (item: OrderItem, status: string) =>
  item.codes.filter((code) => code.status === status).map((code) => code.code);

/** A product with lifetime tiers the way the demo's Helpnest has them, Tier 1 bought. */
async function boughtTierOne(tiers: { tier2Codes: number; tier3Codes: number }) {
  const { product } = await createDeal(t.db, {
    name: 'Stocked AI',
    refundWindowDays: 60,
    plans: [
      // Enough codes that code ids and plan ids part ways, as in any real store.
      { name: 'Tier 1', position: 0, priceCents: 3900, codes: 40 },
      { name: 'Tier 2', position: 1, priceCents: 7900, codes: tiers.tier2Codes },
      { name: 'Tier 3', position: 2, priceCents: 14_900, codes: tiers.tier3Codes },
    ],
  });
  const [tier1, tier2, tier3] = product.plans;
  if (!tier1 || !tier2 || !tier3) throw new Error('three tiers expected');
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: tier1.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { buyer, order, item, tier1, tier2, tier3, ids: { orderId: order.id, itemId: item.id } };
}

describe('orders/getPlanOptions', () => {
  it('offers a plan that has codes left and calls only the one without any sold out', async () => {
    const { buyer, ids, tier2, tier3 } = await boughtTierOne({ tier2Codes: 97, tier3Codes: 0 });
    expect(await optionsOf(buyer, ids)).toEqual([
      expect.objectContaining({ variantId: tier2.id, direction: 'upgrade', chargeCents: 4000, available: true }),
      expect.objectContaining({
        variantId: tier3.id,
        available: false,
        unavailableReason: RefundMessage.planSoldOut('Tier 3'),
      }),
    ]);
  });

  it('upgrades from the options and downgrades back: codes swapped, one charge, one refund', async () => {
    const { buyer, ids, item, tier1, tier2 } = await boughtTierOne({ tier2Codes: 30, tier3Codes: 30 });
    const [toTier2] = await optionsOf(buyer, ids);
    expect(toTier2).toMatchObject({ variantId: tier2.id, available: true, chargeCents: 4000 });

    later(DAY_MS);
    const up = await changePlan(buyer, { ...ids, variantId: tier2.id });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ chargedCents: 4000, refundedCents: 0 });
    const upgraded = up.body.data.item;
    expect(upgraded).toMatchObject({ variantId: tier2.id, planName: 'Tier 2', amount: 7900, status: 'active' });
    expect(codesOf(upgraded, 'revoked')).toEqual(item.codes.map((code) => code.code));
    expect(codesOf(upgraded, 'active')).toHaveLength(1);
    expect(await availableCodes(t.db, tier2.id)).toBe(29);

    const [toTier1] = await optionsOf(buyer, ids);
    expect(toTier1).toMatchObject({ variantId: tier1.id, direction: 'downgrade', refundCents: 4000, available: true });
    const down = await changePlan(buyer, { ...ids, variantId: tier1.id });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ chargedCents: 0, refundedCents: 4000 });
    expect(down.body.data.item).toMatchObject({ variantId: tier1.id, planName: 'Tier 1', amount: 3900 });
    expect(codesOf(down.body.data.item, 'active')).toHaveLength(1);
    expect(await moneyOf(item.id)).toEqual(['charge 3900', 'charge 4000', 'refund 4000']);
  });
});

/** Monthly $10 and yearly $100 plans of one product, the way the demo's Sheetsense has them. */
async function boughtSubscription(bought: 'month' | 'year') {
  const { product } = await createDeal(t.db, {
    name: 'Billed AI',
    refundWindowDays: 14,
    plans: [
      { name: 'Monthly', position: 0, kind: 'subscription', billingInterval: 'month', priceCents: 1000, codes: 5 },
      { name: 'Yearly', position: 1, kind: 'subscription', billingInterval: 'year', priceCents: 10_000, codes: 5 },
    ],
  });
  const [monthly, yearly] = product.plans;
  if (!monthly || !yearly) throw new Error('two plans expected');
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const plan = bought === 'month' ? monthly : yearly;
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { buyer, item, monthly, yearly, ids: { orderId: order.id, itemId: item.id } };
}

describe('monthly ↔ yearly (decision 010)', () => {
  it('monthly → yearly starts a yearly period at once, the unused part of the month credited', async () => {
    clock = new Date('2026-11-23T10:00:00Z');
    const { buyer, item, yearly, ids } = await boughtSubscription('month');
    // 10 of the 30 days of the month used: 20/30 of $10 credited, $100 − $6.67 charged.
    later(10 * DAY_MS);
    const [option] = await optionsOf(buyer, ids);
    expect(option).toMatchObject({ variantId: yearly.id, direction: 'upgrade', chargeCents: 9333, available: true });

    const response = await changePlan(buyer, { ...ids, variantId: yearly.id });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ chargedCents: 9333, refundedCents: 0 });
    expect(response.body.data.item).toMatchObject({
      planName: 'Yearly',
      billingInterval: 'year',
      amount: 10_000,
      currentPeriodStart: '2026-12-03T10:00:00.000Z',
      currentPeriodEnd: '2027-12-03T10:00:00.000Z',
      nextRenewalAt: '2027-12-03T10:00:00.000Z',
      refundableUntil: item.refundableUntil,
    });
    expect(codesOf(response.body.data.item, 'active')).toHaveLength(1);
    expect(await moneyOf(item.id)).toEqual(['charge 1000', 'charge 9333']);

    // A year on, the renewal charges the yearly price for another year.
    clock = new Date('2027-12-03T10:00:01Z');
    await runRenewals(checkoutDepsFor(t, sandbox, now));
    const renewed = await callApi<{ item: OrderItem }>(t.app, 'orders/getOrderItem', ids, {
      token: await tokenOf(buyer),
    });
    expect(renewed.body.data.item.currentPeriodEnd).toBe('2028-12-03T10:00:00.000Z');
    expect(await moneyOf(item.id)).toEqual(['charge 1000', 'charge 9333', 'charge 10000']);
  });

  it('yearly → monthly, after the refund window: a monthly period at once, the unused year less a month back', async () => {
    clock = new Date('2026-11-23T10:00:00Z');
    const { buyer, item, monthly, ids } = await boughtSubscription('year');
    // 73 of the 365 days used: 292/365 of $100 is $80 credited; the month costs $10, $70 back.
    later(73 * DAY_MS);
    const [option] = await optionsOf(buyer, ids);
    expect(option).toMatchObject({ variantId: monthly.id, direction: 'downgrade', refundCents: 7000, available: true });

    const response = await changePlan(buyer, { ...ids, variantId: monthly.id });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ chargedCents: 0, refundedCents: 7000 });
    expect(response.body.data.item).toMatchObject({
      planName: 'Monthly',
      billingInterval: 'month',
      amount: 1000,
      currentPeriodStart: '2027-02-04T10:00:00.000Z',
      currentPeriodEnd: '2027-03-04T10:00:00.000Z',
    });
    expect(await moneyOf(item.id)).toEqual(['charge 10000', 'refund 7000']);
    const refunds = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
    expect(refunds).toHaveLength(1);
  });

  it('a lifetime plan and a subscription are still not swapped', async () => {
    const { product } = await createDeal(t.db, {
      plans: [
        { name: 'Lifetime', position: 0, priceCents: 5000, codes: 5 },
        { name: 'Monthly', position: 1, kind: 'subscription', billingInterval: 'month', priceCents: 1000, codes: 5 },
      ],
    });
    const [lifetime, monthly] = product.plans;
    if (!lifetime || !monthly) throw new Error('two plans expected');
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: lifetime.id, quantity: 1 }]);
    const ids = { orderId: order.id, itemId: order.items[0]?.id ?? '' };
    const response = await changePlan(buyer, { ...ids, variantId: monthly.id });
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(RefundMessage.kindMismatch);
  });

  it('a German buyer of two seats: the next renewal and the yearly option say what they charge, and renewals charge it', async () => {
    clock = new Date('2026-11-23T10:00:00Z');
    const { product } = await createDeal(t.db, {
      name: 'Seated AI',
      refundWindowDays: 14,
      plans: [
        { name: 'Monthly', position: 0, kind: 'subscription', billingInterval: 'month', priceCents: 1000, codes: 6 },
        { name: 'Yearly', position: 1, kind: 'subscription', billingInterval: 'year', priceCents: 10_000, codes: 6 },
      ],
    });
    const [monthly, yearly] = product.plans;
    if (!monthly || !yearly) throw new Error('two plans expected');
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    await billInGermany(t.app, buyer);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: monthly.id, quantity: 2 }]);
    const item = order.items[0];
    if (!item?.currentPeriodEnd) throw new Error('a subscription expected');
    const ids = { orderId: order.id, itemId: item.id };
    const readOptions = async () =>
      (await callApi<PlanOptionsResult>(t.app, 'orders/getPlanOptions', ids, { token: await tokenOf(buyer) })).body
        .data;

    // Two seats at $10 and 19% VAT: the month renews at $23.80, the yearly plan at $238.
    let options = await readOptions();
    expect(options.nextRenewal).toEqual({ priceCents: 2000, taxCents: 380 });
    expect(options.options[0]).toMatchObject({ variantId: yearly.id, renewalCents: 23_800, creditRefundCents: 0 });
    clock = new Date(new Date(item.currentPeriodEnd).getTime() + 60_000);
    await runRenewals(checkoutDepsFor(t, sandbox, now));
    expect((await moneyOf(item.id)).at(-1)).toBe('charge 2380');

    const switched = await changePlan(buyer, { ...ids, variantId: yearly.id });
    expect(switched.status, switched.body.msg).toBe(200);
    options = await readOptions();
    expect(options.nextRenewal).toEqual({ priceCents: 20_000, taxCents: 3800 });
    clock = new Date(new Date(switched.body.data.item.currentPeriodEnd ?? '').getTime() + 60_000);
    await runRenewals(checkoutDepsFor(t, sandbox, now));
    expect((await moneyOf(item.id)).at(-1)).toBe('charge 23800');

    // Set to cancel, it renews no more: nothing to announce.
    const canceled = await callApi(t.app, 'orders/cancelSubscription', ids, { token: await tokenOf(buyer) });
    expect(canceled.status, canceled.body.msg).toBe(200);
    expect((await readOptions()).nextRenewal).toBeNull();
  });

  it('leaves every order paid minus refunded equal to what the provider holds', async () => {
    await expectLedgerBalanced(t.db);
  });
});
