import type { AffiliateEarningsPage, AffiliateMembership, ChangePlanResult, CheckoutResult } from '@everdeal/contracts';
import { AFFILIATE_EARNINGS_PAGE_SIZE } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { requestWithRef } from '../../../test/referral-visits';
import { billInGermany, checkout, createBuyer, createDeal, fillCart, grantCredit, newKey } from '../../../test/shop';
import { settleCommissions } from './commissions';

// Requirements §13, decision 012: an affiliate's attributed orders one by one (`affiliate/getEarnings`):
// what each paid and earned, pending until the refund window closes, approved, or reversed by a
// refund; never who bought, and never another affiliate's orders.

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = new Date('2026-11-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

async function joinAsNewUser() {
  const member = await createUserWithSession(t.db, clock);
  const joined = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
  return { ...member, ...joined.body.data };
}

/** A new shopper follows the code's link and buys one unit of a fresh $49 deal (and one of $20 if asked). */
async function referredOrder(code: string, refundWindowDays: number, withSecondItem = false) {
  const cookie = await requestWithRef(t.app, `/deals?ref=${code}`, { ip: '203.0.113.50' });
  if (!cookie) throw new Error('no referral cookie');
  const first = await createDeal(t.db, { refundWindowDays, plans: [{ priceCents: 4900, originalPriceCents: 9900 }] });
  const second = await createDeal(t.db, { refundWindowDays, plans: [{ priceCents: 2000, originalPriceCents: 4000 }] });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  await fillCart(t.app, buyer.token, [
    { productId: first.product.id, variantId: first.plan.id, quantity: 1 },
    ...(withSecondItem ? [{ productId: second.product.id, variantId: second.plan.id, quantity: 1 }] : []),
  ]);
  const paid = await checkout(
    t.app,
    buyer.token,
    { paymentMethodId: buyer.card.id, idempotencyKey: newKey() },
    { cookie },
  );
  expect(paid.status).toBe(200);
  return { buyer, order: (paid.body as { data: CheckoutResult }).data.order };
}

const earningsOf = async (token: string, page = 1) => {
  const answer = await callApi<AffiliateEarningsPage>(t.app, 'affiliate/getEarnings', { page }, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};

describe('affiliate/getEarnings', () => {
  it('lists each attributed order: paid amount, commission, state and when pending becomes approved', async () => {
    const member = await joinAsNewUser();
    const other = await joinAsNewUser();
    const approvedLater = await referredOrder(member.code, 7);
    clock = new Date(clock.getTime() + 60_000);
    const refunded = await referredOrder(member.code, 30, true);
    clock = new Date(clock.getTime() + 60_000);
    const pending = await referredOrder(member.code, 30);
    // Another affiliate's order never shows on this member's list.
    await referredOrder(other.code, 30);

    // One item of the two-item order refunded: that part is reversed, the rest still pending.
    const refundedItem = refunded.order.items[1];
    if (!refundedItem) throw new Error('no second item');
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: refunded.order.id, itemId: refundedItem.id },
      { token: refunded.buyer.token },
    );
    expect(refund.status).toBe(200);
    clock = new Date(clock.getTime() + 8 * DAY_MS);
    await settleCommissions({ db: t.db, now: () => clock });

    const page = await earningsOf(member.token);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: AFFILIATE_EARNINGS_PAGE_SIZE });
    expect(page.items).toEqual([
      {
        orderedAt: pending.order.paidAt,
        commissionableCents: 4900,
        commissionCents: 490,
        pendingCents: 490,
        approvedCents: 0,
        reversedCents: 0,
        status: 'pending',
        approvesAt: pending.order.items[0]?.refundableUntil,
        currency: 'USD',
      },
      expect.objectContaining({
        orderedAt: refunded.order.paidAt,
        commissionableCents: 6900,
        commissionCents: 690,
        pendingCents: 490,
        reversedCents: 200,
        status: 'pending',
      }),
      expect.objectContaining({
        orderedAt: approvedLater.order.paidAt,
        commissionCents: 490,
        approvedCents: 490,
        status: 'approved',
        approvesAt: null,
      }),
    ]);
    // Nothing names the buyer or the order.
    const text = JSON.stringify(page);
    for (const secret of [pending.buyer.userId, pending.order.id, approvedLater.order.id]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('@');

    const otherPage = await earningsOf(other.token);
    expect(otherPage.total).toBe(1);
    expect(otherPage.items.map((item) => item.status)).toEqual(['pending']);
  });

  it('shows the amount the commission was computed on: an upgrade after the sale changes neither', async () => {
    const member = await joinAsNewUser();
    const admin = await createAdminWithSession(t.db, clock);
    const cookie = await requestWithRef(t.app, `/deals?ref=${member.code}`, { ip: '203.0.113.51' });
    if (!cookie) throw new Error('no referral cookie');
    const { product } = await createDeal(t.db, {
      refundWindowDays: 30,
      plans: [
        { name: 'Solo', position: 0, priceCents: 4900, codes: 5 },
        { name: 'Team', position: 1, priceCents: 9900, codes: 5 },
      ],
    });
    const [solo, team] = product.plans;
    if (!solo || !team) throw new Error('two plans expected');
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: solo.id, quantity: 1 }],
      undefined,
      clock,
    );
    // A German buyer paying $20 with store credit: the base is the price, credit and card, never the VAT.
    await billInGermany(t.app, buyer);
    await grantCredit(t.app, admin, buyer.userId, 2000);
    const paid = await checkout(
      t.app,
      buyer.token,
      { useCredit: true, paymentMethodId: buyer.card.id, idempotencyKey: newKey() },
      { cookie },
    );
    expect(paid.status, paid.body.msg).toBe(200);
    const { order } = (paid.body as { data: CheckoutResult }).data;
    expect(order).toMatchObject({ total: 4900, taxCents: 931, paidWithCreditCents: 2000 });
    const item = order.items[0];
    if (!item) throw new Error('no item');

    clock = new Date(clock.getTime() + DAY_MS);
    const upgraded = await callApi<ChangePlanResult>(
      t.app,
      'orders/changePlan',
      { orderId: order.id, itemId: item.id, variantId: team.id, idempotencyKey: newKey() },
      { token: buyer.token },
    );
    expect(upgraded.status, upgraded.body.msg).toBe(200);
    expect(upgraded.body.data.item).toMatchObject({ amount: 9900, checkoutCents: 4900 });

    const page = await earningsOf(member.token);
    expect(page.items).toEqual([
      expect.objectContaining({
        commissionableCents: 4900,
        commissionCents: 490,
        pendingCents: 490,
        status: 'pending',
      }),
    ]);
  });

  // Twenty-one checkouts: more than the default 20 s on a busy machine, hence the longer timeout.
  it('pages 20 at a time, marks a fully refunded order reversed, and answers 404 before joining', async () => {
    const member = await joinAsNewUser();
    const orders = [];
    for (let i = 0; i < AFFILIATE_EARNINGS_PAGE_SIZE + 1; i += 1) {
      clock = new Date(clock.getTime() + 60_000);
      orders.push(await referredOrder(member.code, 30));
    }
    const newest = orders.at(-1);
    const item = newest?.order.items[0];
    if (!newest || !item) throw new Error('no order');
    await callApi(
      t.app,
      'orders/refundItem',
      { orderId: newest.order.id, itemId: item.id },
      { token: newest.buyer.token },
    );

    const first = await earningsOf(member.token);
    expect(first.total).toBe(AFFILIATE_EARNINGS_PAGE_SIZE + 1);
    expect(first.items).toHaveLength(AFFILIATE_EARNINGS_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ status: 'reversed', reversedCents: 490, approvesAt: null });
    const second = await earningsOf(member.token, 2);
    expect(second.items.map((row) => row.orderedAt)).toEqual([orders[0]?.order.paidAt]);

    const stranger = await createUserWithSession(t.db, clock);
    const notJoined = await callApi(t.app, 'affiliate/getEarnings', {}, { token: stranger.token });
    expect(notJoined.status).toBe(404);
    const visitor = await callApi(t.app, 'affiliate/getEarnings', {});
    expect(visitor.status).toBe(401);
  }, 90_000);
});
