import { type OrderItem, OrderMessage, RefundMessage } from '@everdeal/contracts';
import { licenseCodes, mailOutbox, moneyMovements, orderItemAdjustments, sandboxLedger } from '@everdeal/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, findMailFiles, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { buy, checkout, createBuyer, createDeal, emailOf, fillCart, newKey } from '../../../test/shop';
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

function refund(token: string, orderId: string, itemId: string) {
  return callApi<{ item: OrderItem }>(t.app, 'orders/refundItem', { orderId, itemId }, { token });
}

async function boughtItem(overrides: Parameters<typeof createDeal>[1] = {}, quantity = 1) {
  const { product, plan } = await createDeal(t.db, overrides);
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { product, plan, buyer, order, item };
}

describe('orders/refundItem', () => {
  it('refunds the full amount inside the window: item refunded, codes revoked, a refund row, the provider’s refund, a mail', async () => {
    const { buyer, order, item, plan } = await boughtItem({ name: 'Refundable AI', plans: [{ priceCents: 4900 }] }, 2);
    later(10 * DAY_MS);

    const response = await refund(buyer.token, order.id, item.id);

    expect(response.status).toBe(200);
    const refunded = response.body.data.item;
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundedAt).toBe(clock.toISOString());
    expect(refunded.codes.map((code) => code.status)).toEqual(['revoked', 'revoked']);
    const pool = await t.db.select().from(licenseCodes).where(eq(licenseCodes.planId, plan.id));
    expect(pool.filter((code) => code.status === 'revoked')).toHaveLength(2);
    const rows = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    const charge = rows.find((row) => row.kind === 'charge');
    expect(rows.filter((row) => row.kind === 'refund')).toEqual([
      expect.objectContaining({ amountCents: 9800, refundedMovementId: charge?.id, provider: 'sandbox' }),
    ]);
    const providerRefunds = await t.db
      .select()
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
    expect(providerRefunds).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: 9800 })]);
    const mail = await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /refund for Refundable AI/);
    expect(decodeQuotedPrintable(mail)).toContain('We refunded $98 for Refundable AI (Tier 1)');
    expect(decodeQuotedPrintable(mail)).toContain('revoked');
    // Queued with the refund, keyed by its adjustment (decision 029); transactional: no unsubscribe.
    const [adjustment] = await t.db
      .select({ id: orderItemAdjustments.id, completedAt: orderItemAdjustments.completedAt })
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, item.id));
    const mailRows = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, buyer.userId), eq(mailOutbox.kind, 'item-refunded')));
    expect(mailRows).toMatchObject([
      { key: `item-event:refunded:${adjustment?.id}`, createdAt: adjustment?.completedAt },
    ]);
    expect(decodeQuotedPrintable(mail)).not.toMatch(/unsubscribe/i);
  });

  it('refunds once: a second call is a 409 and moves no money', async () => {
    const { buyer, order, item } = await boughtItem();
    expect((await refund(buyer.token, order.id, item.id)).status).toBe(200);
    const again = await refund(buyer.token, order.id, item.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 409, msg: RefundMessage.alreadyRefunded, data: null });
    const rows = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('refunds one item of an order of several, leaving the others as they were', async () => {
    const first = await createDeal(t.db, { plans: [{ priceCents: 3000 }] });
    const second = await createDeal(t.db, { plans: [{ priceCents: 7000 }] });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [
      { productId: first.product.id, variantId: first.plan.id, quantity: 1 },
      { productId: second.product.id, variantId: second.plan.id, quantity: 1 },
    ]);
    const [kept, returned] = order.items;
    if (!kept || !returned) throw new Error('two items expected');
    expect((await refund(buyer.token, order.id, returned.id)).status).toBe(200);
    const { body } = await callApi<{ order: { items: OrderItem[] } }>(
      t.app,
      'orders/getOrder',
      { orderId: order.id },
      { token: buyer.token },
    );
    expect(body.data.order.items.map((item) => item.status)).toEqual(['active', 'refunded']);
    expect(body.data.order.items[0]?.codes.map((code) => code.status)).toEqual(['active']);
  });

  it('says plainly that a deal with a 0-day window takes no refunds', async () => {
    const { buyer, order, item } = await boughtItem({ name: 'Final Sale AI', refundWindowDays: 0 });
    expect(item.refundableUntil).toBeNull();
    const response = await refund(buyer.token, order.id, item.id);
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(RefundMessage.noRefunds('Final Sale AI'));
  });

  it('refuses after the window, naming the day it ended', async () => {
    const { buyer, order, item } = await boughtItem({ refundWindowDays: 14 });
    later(14 * DAY_MS);
    const response = await refund(buyer.token, order.id, item.id);
    expect(response.status).toBe(409);
    expect(item.refundableUntil).toBe(new Date(new Date(order.paidAt ?? '').getTime() + 14 * DAY_MS).toISOString());
    expect(response.body.msg).toBe(RefundMessage.windowEnded(formatDate(new Date(item.refundableUntil ?? ''))));
  });

  it('refuses a 4th refund in 30 days with a pointer to support, and allows it once the oldest is 30 days old', async () => {
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const items = [];
    for (let i = 0; i < 4; i++) {
      const { product, plan } = await createDeal(t.db, { refundWindowDays: 60 });
      const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
      items.push({ orderId: order.id, itemId: order.items[0]?.id ?? '' });
    }
    for (const item of items.slice(0, 3)) {
      expect((await refund(buyer.token, item.orderId, item.itemId)).status).toBe(200);
      later(DAY_MS);
    }
    const fourth = items[3];
    if (!fourth) throw new Error('four items expected');
    const refused = await refund(buyer.token, fourth.orderId, fourth.itemId);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(RefundMessage.tooManyRefunds(3, 30));
    expect(refused.body.msg).toContain('support ticket');
    later(28 * DAY_MS);
    expect((await refund(buyer.token, fourth.orderId, fourth.itemId)).status).toBe(200);
  });

  it('keeps whoever refunded a product from buying it again for 24 hours', async () => {
    const { product, plan, buyer, order, item } = await boughtItem({ name: 'Rebuy AI' });
    expect((await refund(buyer.token, order.id, item.id)).status).toBe(200);
    const line = { productId: product.id, variantId: plan.id, quantity: 1 };
    await fillCart(t.app, buyer.token, [line]);
    const blocked = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toBe(OrderMessage.rebuyBlocked('Rebuy AI'));
    // Someone else may buy it.
    const other = await createBuyer(t.app, t.db, [line], undefined, clock);
    expect(
      (await checkout(t.app, other.token, { paymentMethodId: other.card.id, idempotencyKey: newKey() })).status,
    ).toBe(200);
    later(24 * 60 * 60_000 + 1000);
    const allowed = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(allowed.status).toBe(200);
  });

  it('answers 404 for another user’s item and refunds nothing', async () => {
    const { order, item } = await boughtItem();
    const stranger = await createBuyer(t.app, t.db, [], undefined, clock);
    const response = await refund(stranger.token, order.id, item.id);
    expect(response.status).toBe(404);
    const rows = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), inArray(moneyMovements.kind, ['refund'])));
    expect(rows).toEqual([]);
    expect(findMailFiles(t.dataDir, await emailOf(t.db, stranger.userId), /refund/)).toEqual([]);
  });

  it('leaves every order paid minus refunded equal to what the provider holds', async () => {
    await expectLedgerBalanced(t.db);
  });
});
