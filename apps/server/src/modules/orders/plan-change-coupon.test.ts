import type { CartContents, ChangePlanResult, CouponResult, PlanOptionsResult } from '@everdeal/contracts';
import { orderItemAdjustments, orderItems } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { checkout, checkoutDepsFor, createBuyer, createDeal, newKey } from '../../../test/shop';
import type { PaymentProvider } from '../payments/provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createSession } from '../users/sessions';
import { runRenewals } from './renewals';

// Decisions 010 and 040: a plan change keeps the item's coupon share, and what the change charges
// or refunds, what the item then holds and what its renewals charge agree. An interval switch
// carries the share over in proportion to the price: 20% off a yearly plan once stayed $20 off the
// $10 monthly one, and every monthly renewal after the switch charged nothing.

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;
let sandbox: PaymentProvider;
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      sandbox = createSandboxProvider({ db, now });
      return sandbox;
    },
  });
  adminToken = (await createAdminWithSession(t.db, clock)).token;
});
afterAll(() => t?.close());

/** A monthly ($10), a yearly ($100) and a monthly team ($20) plan, one of the first two bought with 20% off. */
async function boughtWithCoupon(startOn: 'month' | 'year') {
  clock = new Date('2026-11-23T10:00:00Z');
  const { product } = await createDeal(t.db, {
    name: `Coupon Billed ${startOn}`,
    refundWindowDays: 14,
    plans: [
      { name: 'Monthly', position: 0, kind: 'subscription', billingInterval: 'month', priceCents: 1000, codes: 5 },
      { name: 'Yearly', position: 1, kind: 'subscription', billingInterval: 'year', priceCents: 10_000, codes: 5 },
      { name: 'Team', position: 2, kind: 'subscription', billingInterval: 'month', priceCents: 2000, codes: 5 },
    ],
  });
  const [monthly, yearly, team] = product.plans;
  if (!monthly || !yearly || !team) throw new Error('three plans expected');
  const bought = startOn === 'month' ? monthly : yearly;
  const buyer = await createBuyer(
    t.app,
    t.db,
    [{ productId: product.id, variantId: bought.id, quantity: 1 }],
    undefined,
    clock,
  );
  const code = `SWITCH-${startOn}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
  const created = await callApi<CouponResult>(
    t.app,
    'admin/createCoupon',
    { code, percentOff: 20 },
    { token: adminToken },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const applied = await callApi<CartContents>(t.app, 'cart/applyCoupon', { code }, { token: buyer.token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const paid = await checkout(t.app, buyer.token, {
    paymentMethodId: buyer.card.id,
    idempotencyKey: newKey(),
    expectedTotal: applied.body.data.totalPrice,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = paid.body.data.order;
  const itemId = order.items[0]?.id ?? '';
  const ids = { orderId: order.id, itemId };
  const token = () => createSession(t.db, buyer.userId, clock);
  const itemRow = async () => (await t.db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0];
  const options = async () =>
    (await callApi<PlanOptionsResult>(t.app, 'orders/getPlanOptions', ids, { token: await token() })).body.data;
  const changeTo = async (variantId: number) =>
    callApi<ChangePlanResult>(
      t.app,
      'orders/changePlan',
      { ...ids, variantId, idempotencyKey: newKey() },
      { token: await token() },
    );
  const renewalCharges = async () =>
    (
      await t.db
        .select({ chargeCents: orderItemAdjustments.chargeCents, status: orderItemAdjustments.status })
        .from(orderItemAdjustments)
        .where(and(eq(orderItemAdjustments.orderItemId, itemId), eq(orderItemAdjustments.kind, 'renewal')))
    ).map((row) => `${row.status} ${row.chargeCents}`);
  return { monthly, yearly, team, itemRow, options, changeTo, renewalCharges };
}

describe('plan changes of an item bought with a coupon', () => {
  it('yearly to monthly: the refund, the item and every monthly renewal keep the 20% off', async () => {
    const deal = await boughtWithCoupon('year');
    expect(await deal.itemRow()).toMatchObject({ unitPriceCents: 10_000, discountCents: 2000, amountCents: 8000 });

    // 73 of 365 days used: $64 of the $80 paid is unused; the month costs $10 less 20%, $8.
    clock = new Date(clock.getTime() + 73 * DAY_MS);
    const option = (await deal.options()).options.find((entry) => entry.variantId === deal.monthly.id);
    expect(option).toMatchObject({ direction: 'downgrade', refundCents: 5600, chargeCents: 0, renewalCents: 800 });
    const switched = await deal.changeTo(deal.monthly.id);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data).toMatchObject({ chargedCents: 0, refundedCents: 5600 });
    expect(await deal.itemRow()).toMatchObject({ unitPriceCents: 1000, discountCents: 200, amountCents: 800 });

    // Two months on, two renewals: each charges the discounted month.
    clock = new Date(clock.getTime() + 32 * DAY_MS);
    await runRenewals(checkoutDepsFor(t, sandbox, now));
    clock = new Date(clock.getTime() + 31 * DAY_MS);
    await runRenewals(checkoutDepsFor(t, sandbox, now));
    expect(await deal.renewalCharges()).toEqual(['succeeded 800', 'succeeded 800']);
  });

  it('monthly to yearly: the year is charged at 20% off, less the unused part of the month', async () => {
    const deal = await boughtWithCoupon('month');
    expect(await deal.itemRow()).toMatchObject({ unitPriceCents: 1000, discountCents: 200, amountCents: 800 });

    // 10 of the month's 30 days used: $5.33 of the $8 paid is unused; the year costs $80.
    clock = new Date(clock.getTime() + 10 * DAY_MS);
    const options = (await deal.options()).options;
    // A tier change in the same interval pays the list prices' difference and keeps the $2 off.
    expect(options.find((entry) => entry.variantId === deal.team.id)).toMatchObject({
      direction: 'upgrade',
      chargeCents: 1000,
      renewalCents: 1800,
    });
    const option = options.find((entry) => entry.variantId === deal.yearly.id);
    expect(option).toMatchObject({ direction: 'upgrade', chargeCents: 7467, refundCents: 0, renewalCents: 8000 });
    const switched = await deal.changeTo(deal.yearly.id);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data).toMatchObject({ chargedCents: 7467, refundedCents: 0 });
    expect(await deal.itemRow()).toMatchObject({ unitPriceCents: 10_000, discountCents: 2000, amountCents: 8000 });

    clock = new Date(clock.getTime() + 366 * DAY_MS);
    await runRenewals(checkoutDepsFor(t, sandbox, now));
    expect(await deal.renewalCharges()).toEqual(['succeeded 8000']);
  });

  it('a lifetime tier bought at 50% off, moved to a plan cheaper than its discount: the price paid comes back', async () => {
    clock = new Date('2026-11-23T10:00:00Z');
    const { product } = await createDeal(t.db, {
      name: 'Half Off Tiers',
      refundWindowDays: 60,
      plans: [
        { name: 'Starter', position: 0, priceCents: 1000, codes: 5 },
        { name: 'Agency', position: 1, priceCents: 10_000, codes: 5 },
      ],
    });
    const [starter, agency] = product.plans;
    if (!starter || !agency) throw new Error('two plans expected');
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: agency.id, quantity: 1 }],
      undefined,
      clock,
    );
    const code = `HALF-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    expect(
      (await callApi<CouponResult>(t.app, 'admin/createCoupon', { code, percentOff: 50 }, { token: adminToken }))
        .status,
    ).toBe(200);
    const applied = await callApi<CartContents>(t.app, 'cart/applyCoupon', { code }, { token: buyer.token });
    const paid = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: applied.body.data.totalPrice,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = paid.body.data.order;
    const ids = { orderId: order.id, itemId: order.items[0]?.id ?? '' };
    const token = await createSession(t.db, buyer.userId, clock);

    // $50 paid for the $100 plan: $10's plan less the $50 off costs nothing, so the $50 comes back
    // (the list prices' $90 was more than the item holds, and the change was refused).
    const options = (await callApi<PlanOptionsResult>(t.app, 'orders/getPlanOptions', ids, { token })).body.data;
    expect(options.options.find((entry) => entry.variantId === starter.id)).toMatchObject({
      direction: 'downgrade',
      refundCents: 5000,
      available: true,
    });
    const moved = await callApi<ChangePlanResult>(
      t.app,
      'orders/changePlan',
      { ...ids, variantId: starter.id, idempotencyKey: newKey() },
      { token },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ chargedCents: 0, refundedCents: 5000 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, ids.itemId));
    expect(item).toMatchObject({ planId: starter.id, unitPriceCents: 1000, discountCents: 1000, amountCents: 0 });
  });
});
