// What the buyer reads of an order's money after it changed (decision 010, "What the buyer reads
// of an order's money"), through HTTP and the real database: checkout, each upgrade, downgrade,
// renewal and refund, disputes, and a net that is what the money rows hold; each line's cost and
// saving on the plan held now; and why each revoked code stopped working.
import type { ChangePlanResult, Order, OrderItem, OrderList } from '@everdeal/contracts';
import { orderItemAdjustments } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced, heldByRows } from '../../../test/ledger';
import {
  type Buyer,
  billInGermany,
  buy,
  checkout,
  checkoutDepsFor,
  createBuyer,
  createDeal,
  fillCart,
  grantCredit,
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
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      sandbox = createSandboxProvider({ db, now });
      return sandbox;
    },
  });
  admin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

const later = (ms = DAY_MS) => {
  clock = new Date(clock.getTime() + ms);
};

/** A fresh session on the moved clock, so a suite that moves months ahead stays signed in. */
const signIn = async (user: { userId: string }) => ({ token: await createSession(t.db, user.userId, clock) });

async function orderOf(buyer: Buyer, orderId: string): Promise<Order> {
  const auth = await signIn(buyer);
  const one = await callApi<{ order: Order }>(t.app, 'orders/getOrder', { orderId }, auth);
  expect(one.status, one.body.msg).toBe(200);
  // The list answers the same view as the order alone.
  const list = await callApi<OrderList>(t.app, 'orders/getOrders', {}, auth);
  expect(list.body.data.orders.find((order) => order.id === orderId)).toEqual(one.body.data.order);
  return one.body.data.order;
}

async function itemOf(buyer: Buyer, orderId: string, itemId: string): Promise<OrderItem> {
  const response = await callApi<{ item: OrderItem }>(
    t.app,
    'orders/getOrderItem',
    { orderId, itemId },
    await signIn(buyer),
  );
  expect(response.status, response.body.msg).toBe(200);
  return response.body.data.item;
}

async function changePlan(buyer: Buyer, orderId: string, itemId: string, variantId: number) {
  const response = await callApi<ChangePlanResult>(
    t.app,
    'orders/changePlan',
    { orderId, itemId, variantId, idempotencyKey: newKey() },
    await signIn(buyer),
  );
  expect(response.status, response.body.msg).toBe(200);
  return response.body.data;
}

async function refund(buyer: Buyer, orderId: string, itemId: string) {
  const response = await callApi(t.app, 'orders/refundItem', { orderId, itemId }, await signIn(buyer));
  expect(response.status, response.body.msg).toBe(200);
}

const codeReasons = (item: OrderItem) =>
  item.codes.map((code) => [code.status, code.revocation?.reason ?? null, code.revocation?.planName ?? null]);

describe('an order’s money after it changed', () => {
  it('an upgrade and a refund of the other line: the lines, the money rows, the net and the saving agree', async () => {
    // The tour's order: a lifetime Tier 1 at $69 (list $456) and a yearly plan at $79, $148 in all.
    const { product: video } = await createDeal(t.db, {
      name: 'Reel Tool',
      refundWindowDays: 60,
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 6900, originalPriceCents: 45_600, codes: 3 },
        { name: 'Tier 2', position: 1, priceCents: 13_900, originalPriceCents: 91_200, codes: 3 },
      ],
    });
    const { product: sheets, plan: yearly } = await createDeal(t.db, {
      name: 'Sheet Tool',
      refundWindowDays: 30,
      plans: [
        {
          name: 'Yearly',
          kind: 'subscription',
          billingInterval: 'year',
          priceCents: 7900,
          originalPriceCents: 34_800,
          codes: 3,
        },
      ],
    });
    const [tier1, tier2] = video.plans;
    if (!tier1 || !tier2) throw new Error('two tiers expected');
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const bought = await buy(t.app, buyer, [
      { productId: video.id, variantId: tier1.id, quantity: 1 },
      { productId: sheets.id, variantId: yearly.id, quantity: 1 },
    ]);
    const [reel, sheet] = bought.items;
    if (!reel || !sheet) throw new Error('two items expected');
    // Checkout's own answer has the figures the order reads back later.
    expect(bought).toMatchObject({
      totalWithTaxCents: 14_800,
      money: { checkoutCents: 14_800, adjustments: [], chargedBackCents: 0, netPaidCents: 14_800 },
      savedCents: 45_600 - 6900 + 34_800 - 7900,
    });
    expect(reel).toMatchObject({ checkoutCents: 6900, paidCents: 6900, planChanges: [], savedCents: 38_700 });
    expect(await orderOf(buyer, bought.id)).toEqual(bought);

    later();
    const upgrade = await changePlan(buyer, bought.id, reel.id, tier2.id);
    expect(upgrade.chargedCents).toBe(7000);
    later();
    await refund(buyer, bought.id, sheet.id);

    const order = await orderOf(buyer, bought.id);
    // The order's checkout total keeps its meaning; what moved since is listed beside it.
    expect(order).toMatchObject({ total: 14_800, totalWithTaxCents: 14_800, discount: 45_600 + 34_800 - 14_800 });
    const [changeId, refundId] = [
      order.money.adjustments[0]?.adjustmentId ?? '',
      order.money.adjustments[1]?.adjustmentId ?? '',
    ];
    expect(order.money).toEqual({
      checkoutCents: 14_800,
      adjustments: [
        {
          adjustmentId: changeId,
          itemId: reel.id,
          kind: 'plan_change',
          fromPlanName: 'Tier 1',
          toPlanName: 'Tier 2',
          chargedCents: 7000,
          refundedCents: 0,
          at: '2026-11-24T10:00:00.000Z',
        },
        {
          adjustmentId: refundId,
          itemId: sheet.id,
          kind: 'refund',
          fromPlanName: null,
          toPlanName: null,
          chargedCents: 0,
          refundedCents: 7900,
          at: '2026-11-25T10:00:00.000Z',
        },
      ],
      chargedBackCents: 0,
      netPaidCents: 13_900,
    });
    // The upgrade is its own charge with its own invoice.
    expect(order.adjustmentInvoices).toMatchObject([
      { adjustmentId: changeId, kind: 'plan_change', amountCents: 7000 },
    ]);
    expect(order.money.netPaidCents).toBe(await heldByRows(t.db, bought.id));

    const [reelNow, sheetNow] = order.items;
    // The Tier 2 line cost its $69 and the upgrade's $70, and saves on Tier 2's list price.
    expect(reelNow).toMatchObject({ planName: 'Tier 2', amount: 13_900, checkoutCents: 6900, paidCents: 13_900 });
    expect(reelNow?.planChanges).toEqual([
      {
        adjustmentId: changeId,
        fromPlanName: 'Tier 1',
        toPlanName: 'Tier 2',
        changedAt: '2026-11-24T10:00:00.000Z',
        priceCents: 7000,
        chargedCents: 7000,
        refundedCents: 0,
      },
    ]);
    expect(reelNow?.savedCents).toBe(91_200 - 13_900);
    // Refunding the upgraded line would return both its charges; the refunded line returned its price.
    expect(reelNow?.refundMoney).toEqual({ cardCents: 13_900, creditCents: 0, taxCents: 0 });
    // A refunded line keeps what it cost, and saves nothing any more.
    expect(sheetNow).toMatchObject({ status: 'refunded', checkoutCents: 7900, paidCents: 7900, savedCents: 0 });
    expect(sheetNow?.refundMoney).toEqual({ cardCents: 7900, creditCents: 0, taxCents: 0 });
    expect(order.savedCents).toBe(77_300);

    // The Tier 1 code was replaced by the plan change, not refunded; the refunded line's was.
    const reelItem = await itemOf(buyer, bought.id, reel.id);
    expect(reelItem).toEqual(reelNow);
    const oldCode = reel.codes[0]?.code;
    expect(reelItem.codes.find((code) => code.code === oldCode)).toEqual({
      code: oldCode,
      status: 'revoked',
      redeemedAt: null,
      revocation: { reason: 'plan_change', planName: 'Tier 2', at: '2026-11-24T10:00:00.000Z' },
    });
    expect(reelItem.codes.filter((code) => code.code !== oldCode)).toEqual([
      expect.objectContaining({ status: 'active' }),
    ]);
    expect(reelItem.codes.find((code) => code.code !== oldCode)).not.toHaveProperty('revocation');
    expect((await itemOf(buyer, bought.id, sheet.id)).codes.map((code) => code.revocation)).toEqual([
      { reason: 'refund', planName: null, at: '2026-11-25T10:00:00.000Z' },
    ]);
    await expectLedgerBalanced(t.db);
  });

  it('with VAT and store credit: an upgrade, a downgrade back and a refund; each code says which change revoked it', async () => {
    const { product } = await createDeal(t.db, {
      name: 'Three Tier Tool',
      refundWindowDays: 60,
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 5000, originalPriceCents: 20_000, codes: 3 },
        { name: 'Tier 2', position: 1, priceCents: 10_000, originalPriceCents: 40_000, codes: 3 },
        { name: 'Tier 3', position: 2, priceCents: 20_000, originalPriceCents: 80_000, codes: 3 },
      ],
    });
    const [tier1, tier2, tier3] = product.plans;
    if (!tier1 || !tier2 || !tier3) throw new Error('three tiers expected');
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    await billInGermany(t.app, buyer);
    await grantCredit(t.app, admin, buyer.userId, 3000);
    await fillCart(t.app, buyer.token, [{ productId: product.id, variantId: tier2.id, quantity: 1 }]);
    const paid = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      useCredit: true,
      idempotencyKey: newKey(),
    });
    expect(paid.status, paid.body.msg).toBe(200);
    const bought = paid.body.data.order;
    const item = bought.items[0];
    if (!item) throw new Error('no item');
    // $100 and 19% VAT: $30 of store credit and $89 by card.
    expect(bought).toMatchObject({ totalWithTaxCents: 11_900, paidWithCreditCents: 3000 });
    expect(bought.money).toMatchObject({ checkoutCents: 11_900, netPaidCents: 11_900 });
    expect(await orderOf(buyer, bought.id)).toEqual(bought);

    later();
    const up = await changePlan(buyer, bought.id, item.id, tier3.id);
    expect(up.chargedCents).toBe(11_900);
    let order = await orderOf(buyer, bought.id);
    expect(order.money).toMatchObject({ checkoutCents: 11_900, netPaidCents: 23_800 });
    expect(order.items[0]).toMatchObject({ checkoutCents: 10_000, paidCents: 20_000, savedCents: 60_000 });
    expect(order.money.netPaidCents).toBe(await heldByRows(t.db, bought.id));

    later();
    const down = await changePlan(buyer, bought.id, item.id, tier1.id);
    // $150 back with its VAT: the upgrade's charge whole, then $50 of checkout's at 19% ($9.50), as
    // checkout's VAT covered the credit's $30 too (decision 037, "Store credit and VAT").
    expect(down.refundedCents).toBe(15_000 + 1900 + 950);
    order = await orderOf(buyer, bought.id);
    expect(
      order.money.adjustments.map((row) => [row.kind, row.toPlanName, row.chargedCents, row.refundedCents]),
    ).toEqual([
      ['plan_change', 'Tier 3', 11_900, 0],
      ['plan_change', 'Tier 1', 0, down.refundedCents],
    ]);
    expect(order.money.netPaidCents).toBe(23_800 - down.refundedCents);
    expect(order.money.netPaidCents).toBe(await heldByRows(t.db, bought.id));
    // The line cost its $100 at checkout, $100 more, then $150 back: $50, Tier 1's price.
    expect(order.items[0]).toMatchObject({ planName: 'Tier 1', checkoutCents: 10_000, paidCents: 5000 });
    expect(order.items[0]?.planChanges.map((change) => [change.toPlanName, change.priceCents])).toEqual([
      ['Tier 3', 10_000],
      ['Tier 1', -15_000],
    ]);
    expect(order.items[0]?.savedCents).toBe(20_000 - 5000);
    // What a refund would return now: all the order still holds (the downgrade took its $150 and
    // the VAT it carried from the card's charges first), the store credit part untouched.
    const net = order.money.netPaidCents;
    const promised = order.items[0]?.refundMoney;
    expect(promised).toMatchObject({ cardCents: net - 3000, creditCents: 3000 });
    // The VAT the card's charges still hold: checkout's $19 and the upgrade's $19, less the downgrade's.
    expect(promised?.taxCents).toBe(1900 + 1900 - (down.refundedCents - 15_000));
    expect(promised?.taxCents, "19% of Tier 1's $50").toBe(950);

    later();
    await refund(buyer, bought.id, item.id);
    // The refund returned exactly what the item said it would, and the item now says so.
    const [refunded] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(and(eq(orderItemAdjustments.orderItemId, item.id), eq(orderItemAdjustments.kind, 'refund')));
    expect(refunded).toMatchObject({
      status: 'succeeded',
      refundCents: net,
      creditRefundCents: 3000,
      taxCents: promised?.taxCents,
    });
    order = await orderOf(buyer, bought.id);
    expect(order.items[0]?.refundMoney).toEqual(promised);
    // Everything went back, the store credit part as credit.
    expect(order.money.netPaidCents).toBe(0);
    expect(await heldByRows(t.db, bought.id)).toBe(0);
    expect(order.savedCents).toBe(0);
    const codes = codeReasons(await itemOf(buyer, bought.id, item.id));
    expect(codes).toHaveLength(3);
    // Tier 2's code went with the upgrade to Tier 3, Tier 3's with the downgrade, Tier 1's with the refund.
    expect(codes).toEqual(
      expect.arrayContaining([
        ['revoked', 'plan_change', 'Tier 3'],
        ['revoked', 'plan_change', 'Tier 1'],
        ['revoked', 'refund', null],
      ]),
    );
    await expectLedgerBalanced(t.db);
  });

  it('a renewal is a charge of its own; a subscription’s end and a card dispute say so on the codes', async () => {
    const { product, plan } = await createDeal(t.db, {
      name: 'Monthly Tool',
      plans: [
        {
          name: 'Pro monthly',
          kind: 'subscription',
          billingInterval: 'month',
          priceCents: 1500,
          originalPriceCents: 3000,
          codes: 3,
        },
      ],
    });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const bought = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const item = bought.items[0];
    if (!item?.currentPeriodEnd) throw new Error('a subscription expected');
    const deps = () => checkoutDepsFor(t, sandbox, now);
    clock = new Date(new Date(item.currentPeriodEnd).getTime() + 60_000);
    await runRenewals(deps());
    let order = await orderOf(buyer, bought.id);
    expect(order.money.adjustments.map((row) => [row.kind, row.chargedCents, row.refundedCents])).toEqual([
      ['renewal', 1500, 0],
    ]);
    expect(order.money.netPaidCents).toBe(3000);
    expect(order.money.netPaidCents).toBe(await heldByRows(t.db, bought.id));
    // A subscription's line is its price per period, its saving too; renewals are the order's.
    expect(order.items[0]).toMatchObject({ checkoutCents: 1500, paidCents: 1500, savedCents: 1500 });
    // A refund of the subscription returns every period it paid for, the renewal's included.
    expect(order.items[0]?.refundMoney).toEqual({ cardCents: 3000, creditCents: 0, taxCents: 0 });

    const canceled = await callApi(
      t.app,
      'orders/cancelSubscription',
      { orderId: bought.id, itemId: item.id },
      await signIn(buyer),
    );
    expect(canceled.status, canceled.body.msg).toBe(200);
    const renewed = await itemOf(buyer, bought.id, item.id);
    clock = new Date(new Date(renewed.currentPeriodEnd ?? '').getTime() + 60_000);
    await runRenewals(deps());
    const ended = await itemOf(buyer, bought.id, item.id);
    expect(ended.status).toBe('ended');
    expect(ended.refundMoney).toBeNull();
    expect(ended.codes.map((code) => code.revocation)).toEqual([
      { reason: 'subscription_ended', planName: null, at: ended.endedAt },
    ]);

    // A lifetime deal whose payment the bank took back.
    const { product: lifetime, plan: solo } = await createDeal(t.db, {
      name: 'Disputed Tool',
      plans: [{ name: 'Solo', priceCents: 4900, originalPriceCents: 9900, codes: 2 }],
    });
    const disputed = await buy(t.app, { ...buyer, ...(await signIn(buyer)) }, [
      { productId: lifetime.id, variantId: solo.id, quantity: 1 },
    ]);
    const recorded = await callApi(t.app, 'admin/recordChargeback', { orderId: disputed.id }, await signIn(admin));
    expect(recorded.status, recorded.body.msg).toBe(200);
    order = await orderOf(buyer, disputed.id);
    expect(order.money).toMatchObject({
      checkoutCents: 4900,
      adjustments: [],
      chargedBackCents: 4900,
      netPaidCents: 0,
    });
    expect(order.money.netPaidCents).toBe(await heldByRows(t.db, disputed.id));
    expect(order.items[0]?.codes.map((code) => code.revocation?.reason)).toEqual(['chargeback']);
    // No refund gave this money back: the dispute did, and the order's rows say so.
    expect(order.items[0]).toMatchObject({ status: 'refunded', refundMoney: null });
    await expectLedgerBalanced(t.db);
  });
});
