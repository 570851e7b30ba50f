// Card disputes through Stripe (decision 039), against the local Stripe fake: the dispute webhook
// is only a cue (the store asks Stripe for the dispute), the chargeback rows spread over the
// order's items with their VAT, the items revoked, the seller's balance down by the price share,
// a replay recording nothing more, and a won dispute's money recorded back.
import { type AdminOrderList, RefundMessage } from '@everdeal/contracts';
import { moneyMovements } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, type TestApp } from '../../../test/app';
import { expectChargesNotOverReturned } from '../../../test/ledger';
import { payableDeal, payoutSeller, payoutsOf } from '../../../test/payouts';
import { checkout, fillCart, newKey } from '../../../test/shop';
import type { StripeFake } from '../../../test/stripe-fake';
import { startStripeShop, stripeShopHelpers } from '../../../test/stripe-shop';

const clock = new Date();
const now = () => clock;
let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  ({ t, fake } = await startStripeShop(now));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const { addCard, codeStatuses, intentsOf, deliver } = stripeShopHelpers(
  () => ({ t, fake }),
  () => clock,
);

const rowsOf = (orderId: string, kind: 'charge' | 'refund' | 'chargeback' | 'chargeback_reversal') =>
  t.db
    .select()
    .from(moneyMovements)
    .where(and(eq(moneyMovements.orderId, orderId), eq(moneyMovements.kind, kind)));

/** A seller's two deals bought in one Stripe payment by a buyer billed in Germany (VAT on top). */
async function disputedSale() {
  const seller = await payoutSeller(t, clock);
  const first = await payableDeal(t, seller, 3_000);
  const second = await payableDeal(t, seller, 5_000);
  const buyer = await createUserWithSession(t.db, clock);
  const card = await addCard(buyer.token, 'pm_card_visa');
  expect(card.status, card.body.msg).toBe(200);
  const profile = await callApi(t.app, 'users/updateBillingProfile', { country: 'DE' }, buyer);
  expect(profile.status, profile.body.msg).toBe(200);
  await fillCart(t.app, buyer.token, [
    { productId: first.product.id, variantId: first.plan.id, quantity: 1 },
    { productId: second.product.id, variantId: second.plan.id, quantity: 1 },
  ]);
  const paid = await checkout(t.app, buyer.token, { paymentMethodId: card.body.data.id, idempotencyKey: newKey() });
  expect(paid.status, paid.body.msg).toBe(200);
  const { order } = paid.body.data;
  const [intent] = intentsOf(order.id);
  if (!intent) throw new Error('no PaymentIntent');
  return { seller, buyer, order, intent: String(intent.id) };
}

describe('Stripe card disputes', () => {
  it('records the dispute once from what Stripe says, revokes the items and takes the price share from the seller', async () => {
    const { seller, buyer, order, intent } = await disputedSale();
    const charges = await rowsOf(order.id, 'charge');
    expect(charges.every((charge) => charge.taxCents > 0)).toBe(true);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(5_600);

    const event = fake.openDispute(intent);
    // Delivered twice, and once with a payload that lies about the amount: Stripe's dispute counts.
    const lying = structuredClone(event) as { data: { object: { amount: number } } };
    lying.data.object.amount = 1;
    for (const delivery of [event, event, lying]) expect((await deliver(delivery)).statusCode).toBe(200);
    expect(fake.requests.some((request) => request.method === 'GET' && request.path.startsWith('/v1/disputes/'))).toBe(
      true,
    );

    const chargebacks = await rowsOf(order.id, 'chargeback');
    expect(chargebacks).toHaveLength(2);
    for (const charge of charges) {
      expect(chargebacks.find((row) => row.refundedMovementId === charge.id)).toMatchObject({
        orderItemId: charge.orderItemId,
        amountCents: charge.amountCents,
        taxCents: charge.taxCents,
        providerReference: (event.data as { object: { id: string } }).object.id,
      });
    }
    expect(await codeStatuses(order.id)).toEqual(['revoked', 'revoked']);
    // The sellers lose the price they were credited, never the VAT.
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(0);

    const itemId = order.items[0]?.id;
    const refund = await callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId }, buyer);
    expect([refund.status, refund.body.msg]).toEqual([409, RefundMessage.chargedBack]);
    await expectChargesNotOverReturned(t.db);
  });

  it('after a refund of one item, the dispute of what the payment still holds takes only the other item', async () => {
    const { seller, order, intent } = await disputedSale();
    const charges = await rowsOf(order.id, 'charge');
    const refunded = order.items[0];
    const admin = await createAdminWithSession(t.db, clock);
    const refund = await callApi(
      t.app,
      'admin/refundItem',
      { orderId: order.id, itemId: refunded?.id, reason: 'asked' },
      admin,
    );
    expect(refund.status, refund.body.msg).toBe(200);
    // Stripe disputes what the charge still holds: the other item's amount.
    const kept = charges.find((charge) => charge.orderItemId !== refunded?.id);
    const event = fake.openDispute(intent);
    expect((event.data as { object: { amount: number } }).object.amount).toBe(kept?.amountCents);
    expect((await deliver(event)).statusCode).toBe(200);
    const chargebacks = await rowsOf(order.id, 'chargeback');
    expect(chargebacks.map((row) => [row.orderItemId, row.amountCents, row.taxCents])).toEqual([
      [kept?.orderItemId, kept?.amountCents, kept?.taxCents],
    ]);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(0);
    await expectChargesNotOverReturned(t.db);
  });

  it('a won dispute records the money back once; the items stay revoked', async () => {
    const { seller, order, intent } = await disputedSale();
    const opened = fake.openDispute(intent);
    expect((await deliver(opened)).statusCode).toBe(200);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(0);
    const disputeId = (opened.data as { object: { id: string } }).object.id;
    const won = fake.closeDispute(disputeId, 'won');
    expect((await deliver(won)).statusCode).toBe(200);
    expect((await deliver(won)).statusCode).toBe(200);
    const reversals = await rowsOf(order.id, 'chargeback_reversal');
    expect(reversals).toHaveLength(2);
    const chargebacks = await rowsOf(order.id, 'chargeback');
    expect(reversals.map((row) => row.amountCents).sort()).toEqual(chargebacks.map((row) => row.amountCents).sort());
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(5_600);
    expect(await codeStatuses(order.id)).toEqual(['revoked', 'revoked']);
    // The admin's order card: each item charged back by the dispute, and all of it returned.
    const admin = await createAdminWithSession(t.db, clock);
    const found = await callApi<AdminOrderList>(t.app, 'admin/searchOrders', { q: order.id }, admin);
    expect(found.status, found.body.msg).toBe(200);
    const items = found.body.data.orders[0]?.items ?? [];
    expect(items).toHaveLength(2);
    for (const item of items) {
      const taken = chargebacks.find((row) => row.orderItemId === item.id)?.amountCents;
      expect(item.chargebacks).toMatchObject([{ amount: taken, reversedAmount: taken, reference: disputeId }]);
    }
    await expectChargesNotOverReturned(t.db);
  });

  it('records nothing for an inquiry, answers 500 while Stripe is down, and acknowledges disputes of unknown payments', async () => {
    const { order, intent } = await disputedSale();
    const opened = fake.openDispute(intent);
    const disputeId = (opened.data as { object: { id: string } }).object.id;
    const dispute = fake.disputes.get(disputeId);
    if (!dispute) throw new Error('no dispute');
    dispute.status = 'warning_needs_response';
    expect((await deliver(opened)).statusCode).toBe(200);
    expect(await rowsOf(order.id, 'chargeback')).toHaveLength(0);

    dispute.status = 'needs_response';
    fake.failNext(/^\/v1\/disputes\//);
    expect((await deliver(opened)).statusCode).toBe(500);
    expect(await rowsOf(order.id, 'chargeback')).toHaveLength(0);
    expect((await deliver(opened)).statusCode).toBe(200);
    expect(await rowsOf(order.id, 'chargeback')).toHaveLength(2);

    const unknown = fake.event('charge.dispute.created', { id: 'dp_unknown', object: 'dispute' });
    expect((await deliver(unknown)).statusCode).toBe(200);
  });
});
