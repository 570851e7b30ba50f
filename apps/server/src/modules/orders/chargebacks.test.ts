// Decision 039 through HTTP on the sandbox provider: an admin records a chargeback
// (`admin/recordChargeback`), the money rows spread over the order's items, the items revoked and
// never refunded again, and the seller's balance going below zero after a transfer and recovered
// from later sales, as decision 036 promises.
import { type AdminAuditPage, AdminMessage, type AdminOrder, OrderMessage, RefundMessage } from '@everdeal/contracts';
import { itemTransfers, licenseCodes, moneyMovements, orderItemCodes, sellerPayouts, users } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import {
  memberAt,
  onboardInSandbox,
  payableDeal,
  payoutDeps,
  payoutSeller,
  payoutsOf,
  sell,
} from '../../../test/payouts';
import { buy, createBuyer, createDeal, newKey } from '../../../test/shop';
import { runPayoutRound } from '../payouts/transfer-round';

let clock = new Date('2027-03-02T09:00:00.000Z');
const at = (iso: string) => {
  clock = new Date(iso);
  return clock;
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const rowsOf = (orderId: string, kind: 'charge' | 'chargeback') =>
  t.db
    .select()
    .from(moneyMovements)
    .where(and(eq(moneyMovements.orderId, orderId), eq(moneyMovements.kind, kind)));

const recordChargeback = (orderId: string, auth: { token: string }, reason?: string) =>
  callApi<{ order: AdminOrder }>(t.app, 'admin/recordChargeback', { orderId, reason }, auth);

describe('admin/recordChargeback', () => {
  it('takes the seller’s share below zero after a transfer, revokes the item, refuses its refund, and later sales pay it back', async () => {
    // Sold late in March: the buyer's session (30 days) still holds when they ask for a refund.
    at('2027-03-20T09:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 10_000);
    const { order, item, buyer } = await sell(t, deal, clock);
    await onboardInSandbox(t, seller);
    at('2027-04-01T00:05:00.000Z');
    await runPayoutRound(payoutDeps(t, () => clock));

    at('2027-04-03T10:00:00.000Z');
    const admin = await createAdminWithSession(t.db, clock);
    const recorded = await recordChargeback(order.id, admin, 'The bank says the card was stolen');
    expect(recorded.status, recorded.body.msg).toBe(200);
    const [charge] = await rowsOf(order.id, 'charge');
    // The admin's order card names the dispute: what the bank took, by which reference, and when.
    expect(recorded.body.data.order.items[0]).toMatchObject({
      id: item.id,
      status: 'refunded',
      chargebacks: [
        {
          amount: charge?.amountCents,
          reversedAmount: 0,
          reference: `admin:${order.id}`,
          recordedAt: '2027-04-03T10:00:00.000Z',
        },
      ],
    });
    const chargebacks = await rowsOf(order.id, 'chargeback');
    expect(chargebacks).toHaveLength(1);
    expect(chargebacks[0]).toMatchObject({
      orderItemId: item.id,
      amountCents: charge?.amountCents,
      taxCents: charge?.taxCents,
      refundedMovementId: charge?.id,
      providerReference: `admin:${order.id}`,
    });
    const codes = await t.db
      .select({ status: licenseCodes.status })
      .from(orderItemCodes)
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(eq(orderItemCodes.orderItemId, item.id));
    expect(codes.map((code) => code.status)).toEqual(['revoked']);
    // The $70 the seller was paid for it is owed back: the balance goes below zero.
    let member = await memberAt(t, seller, clock);
    expect((await payoutsOf(t, member)).balance.payableCents).toBe(-7_000);

    // The same money is never returned twice: no refund, no second chargeback.
    const refund = await callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId: item.id }, buyer);
    expect([refund.status, refund.body.msg]).toEqual([409, RefundMessage.chargedBack]);
    const adminRefund = await callApi(
      t.app,
      'admin/refundItem',
      { orderId: order.id, itemId: item.id, reason: 'asked' },
      admin,
    );
    expect([adminRefund.status, adminRefund.body.msg]).toEqual([409, RefundMessage.chargedBack]);
    const again = await recordChargeback(order.id, admin);
    expect([again.status, again.body.msg]).toEqual([409, AdminMessage.alreadyChargedBack]);
    expect(await rowsOf(order.id, 'chargeback')).toHaveLength(1);

    // Later sales pay the debt back first; the next transfer waits for $50 again.
    at('2027-04-20T10:00:00.000Z');
    await sell(t, deal, clock);
    at('2027-05-01T00:05:00.000Z');
    await runPayoutRound(payoutDeps(t, () => clock));
    at('2027-05-10T10:00:00.000Z');
    await sell(t, deal, clock);
    await sell(t, deal, clock);
    at('2027-06-01T00:05:00.000Z');
    await runPayoutRound(payoutDeps(t, () => clock));
    const transfers = await t.db
      .select()
      .from(sellerPayouts)
      .where(eq(sellerPayouts.sellerId, seller.sellerId))
      .orderBy(sellerPayouts.createdAt);
    expect(transfers.map((row) => [row.period, row.status, row.amountCents])).toEqual([
      ['2027-03', 'paid', 7_000],
      ['2027-04', 'carried_over', 0],
      ['2027-05', 'paid', 14_000],
    ]);
    member = await memberAt(t, seller, clock);
    expect((await payoutsOf(t, member)).balance.payableCents).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it('spreads the payment over the order’s items and audits the call', async () => {
    at('2027-07-02T09:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    const first = await payableDeal(t, seller, 3_000);
    const second = await payableDeal(t, seller, 5_000);
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [
      { productId: first.product.id, variantId: first.plan.id, quantity: 1 },
      { productId: second.product.id, variantId: second.plan.id, quantity: 1 },
    ]);
    const admin = await createAdminWithSession(t.db, clock);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(5_600);
    const recorded = await recordChargeback(order.id, admin);
    expect(recorded.status, recorded.body.msg).toBe(200);
    expect(recorded.body.data.order.items.map((item) => item.status)).toEqual(['refunded', 'refunded']);
    const rows = await rowsOf(order.id, 'chargeback');
    expect(rows.map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([3_000, 5_000]);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(0);
    const audit = await callApi<AdminAuditPage>(t.app, 'admin/getAuditLog', {}, admin);
    expect(
      audit.body.data.items.some((entry) => entry.action === 'order.chargeback' && entry.targetId === order.id),
    ).toBe(true);
    await expectLedgerBalanced(t.db);
  });

  it('refuses a plan change of a charged-back item with the same 409', async () => {
    at('2027-07-20T09:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    const { product } = await createDeal(t.db, {
      sellerId: seller.sellerId,
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 5_000, codes: 5 },
        { name: 'Tier 2', position: 1, priceCents: 9_000, codes: 5 },
      ],
    });
    const [tier1, tier2] = product.plans;
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: tier1?.id ?? 0, quantity: 1 }]);
    const admin = await createAdminWithSession(t.db, clock);
    expect((await recordChargeback(order.id, admin)).status).toBe(200);
    const change = await callApi(
      t.app,
      'orders/changePlan',
      { orderId: order.id, itemId: order.items[0]?.id, variantId: tier2?.id, idempotencyKey: newKey() },
      buyer,
    );
    expect([change.status, change.body.msg]).toEqual([409, RefundMessage.chargedBack]);
    await expectLedgerBalanced(t.db);
  });

  it('ends a transfer still waiting for its claim (decision 043)', async () => {
    at('2027-07-20T09:00:00.000Z');
    const { product } = await createDeal(t.db, { plans: [{ name: 'Solo', priceCents: 5_000, codes: 3 }] });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [
      { productId: product.id, variantId: product.plans[0]?.id ?? 0, quantity: 1 },
    ]);
    const itemId = order.items[0]?.id ?? '';
    const recipient = await createUserWithSession(t.db, clock);
    const [{ email } = { email: '' }] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, recipient.userId));
    const offered = await callApi(t.app, 'orders/transferItem', { orderId: order.id, itemId, email }, buyer);
    expect(offered.status, offered.body.msg).toBe(200);

    const admin = await createAdminWithSession(t.db, clock);
    expect((await recordChargeback(order.id, admin)).status).toBe(200);
    const offers = await t.db
      .select({ status: itemTransfers.status, canceledAt: itemTransfers.canceledAt })
      .from(itemTransfers)
      .where(eq(itemTransfers.orderItemId, itemId));
    expect(offers).toEqual([{ status: 'canceled', canceledAt: clock }]);
    await expectLedgerBalanced(t.db);
  });

  it('answers 404 for an unknown order, 409 for an order refunded in full, 401 and 403 for others', async () => {
    at('2027-08-02T09:00:00.000Z');
    const admin = await createAdminWithSession(t.db, clock);
    const unknown = await recordChargeback('00000000-0000-4000-8000-000000000000', admin);
    expect([unknown.status, unknown.body.msg]).toEqual([404, OrderMessage.orderNotFound]);

    const seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 4_000);
    const { order, item } = await sell(t, deal, clock);
    const refunded = await callApi(
      t.app,
      'admin/refundItem',
      { orderId: order.id, itemId: item.id, reason: 'asked' },
      admin,
    );
    expect(refunded.status, refunded.body.msg).toBe(200);
    const nothing = await recordChargeback(order.id, admin);
    expect([nothing.status, nothing.body.msg]).toEqual([409, AdminMessage.nothingToChargeBack]);
    expect(await rowsOf(order.id, 'chargeback')).toHaveLength(0);

    const shopper = await createUserWithSession(t.db, clock);
    expect((await recordChargeback(order.id, shopper)).status).toBe(403);
    expect((await callApi(t.app, 'admin/recordChargeback', { orderId: order.id })).status).toBe(401);
    await expectLedgerBalanced(t.db);
  });
});
