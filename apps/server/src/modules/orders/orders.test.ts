import { type Order, type OrderItem, type OrderList, OrderMessage } from '@everdeal/contracts';
import { mailOutbox } from '@everdeal/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  type Buyer,
  checkout,
  createBuyer,
  createDeal,
  fillCart,
  newKey,
  SANDBOX_TEST_CARDS,
} from '../../../test/shop';

let clock = new Date();
let queries: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, onQuery: (query) => queries.push(query) });
});
afterAll(() => t?.close());

async function buy(buyer: Buyer, lines: { productId: number; variantId: number; quantity: number }[]): Promise<Order> {
  await fillCart(t.app, buyer.token, lines);
  const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
  if (response.status !== 200) throw new Error(`checkout failed: ${response.body.msg}`);
  return response.body.data.order;
}

function later(ms = 60_000) {
  clock = new Date(clock.getTime() + ms);
}

describe('orders/getOrders', () => {
  it('lists the caller’s orders newest first with their items, a page at a time, without failed attempts', async () => {
    const { product, plan } = await createDeal(t.db);
    const line = { productId: product.id, variantId: plan.id, quantity: 1 };
    const buyer = await createBuyer(t.app, t.db, []);
    const first = await buy(buyer, [line]);
    later();
    const second = await buy(buyer, [{ ...line, quantity: 2 }]);
    later();
    // A declined attempt in between is not an order of the buyer's.
    const declined = await createBuyer(t.app, t.db, [line], SANDBOX_TEST_CARDS.declined);
    const refused = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(refused.status).toBe(400);
    const refusedToo = await checkout(t.app, declined.token, {
      paymentMethodId: declined.card.id,
      idempotencyKey: newKey(),
    });
    expect(refusedToo.status).toBe(402);
    later();
    const third = await buy(buyer, [line]);

    const page = await callApi<OrderList>(t.app, 'orders/getOrders', { pageSize: 2 }, { token: buyer.token });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.orders).toEqual([third, second]);
    const rest = await callApi<OrderList>(t.app, 'orders/getOrders', { page: 2, pageSize: 2 }, { token: buyer.token });
    expect(rest.body.data).toEqual({ orders: [first], total: 3, page: 2, pageSize: 2 });
    const none = await callApi<OrderList>(t.app, 'orders/getOrders', {}, { token: declined.token });
    expect(none.body.data).toEqual({ orders: [], total: 0, page: 1, pageSize: 20 });
  });

  it('costs the same few statements whatever the number of orders', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, []);
    for (let i = 0; i < 4; i++) await buy(buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    // Receipts and sale mails go out in the background (decision 029): their statements must not
    // fall into the window counted below.
    await vi.waitFor(async () => {
      const waiting = await t.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['pending', 'sending']));
      expect(waiting).toEqual([]);
    });
    queries = [];
    const { body } = await callApi<OrderList>(t.app, 'orders/getOrders', {}, { token: buyer.token });
    expect(body.data.orders).toHaveLength(4);
    // The session, the page, its count, the items, the codes.
    expect(queries.length).toBeLessThanOrEqual(5);
  });

  it.each([
    [{ pageSize: 51 }, 'pageSize: must be at most 50'],
    [{ page: 0 }, 'page: must be at least 1'],
  ])('%j is a 422', async (payload, message) => {
    const buyer = await createBuyer(t.app, t.db, []);
    const { status, body } = await callApi(t.app, 'orders/getOrders', payload, { token: buyer.token });
    expect(status).toBe(422);
    expect(body.msg).toBe(message);
  });
});

describe('one order and one item: only their owner sees them', () => {
  it('getOrder and getOrderItem answer the owner and 404 to anyone else, or for an unknown id', async () => {
    const { product, plan } = await createDeal(t.db);
    const owner = await createBuyer(t.app, t.db, []);
    const stranger = await createBuyer(t.app, t.db, []);
    const order = await buy(owner, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
    const strangersOrder = await buy(stranger, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const item = order.items[0] as OrderItem;

    const own = await callApi<{ order: Order }>(
      t.app,
      'orders/getOrder',
      { orderId: order.id },
      { token: owner.token },
    );
    expect(own.body.data.order).toEqual(order);
    const ownItem = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: item.id },
      { token: owner.token },
    );
    expect(ownItem.body.data.item).toEqual(item);
    expect(ownItem.body.data.item.codes).toHaveLength(2);

    const refusals: [string, object, string][] = [
      ['orders/getOrder', { orderId: order.id }, OrderMessage.orderNotFound],
      ['orders/getOrderItem', { orderId: order.id, itemId: item.id }, OrderMessage.orderNotFound],
      ['orders/getOrder', { orderId: '00000000-0000-4000-8000-000000000000' }, OrderMessage.orderNotFound],
      // Their own order with someone else's item.
      ['orders/getOrderItem', { orderId: strangersOrder.id, itemId: item.id }, OrderMessage.orderItemNotFound],
      [
        'orders/setCodeRedeemed',
        { orderId: order.id, itemId: item.id, code: item.codes[0]?.code },
        OrderMessage.orderNotFound,
      ],
    ];
    for (const [path, payload, message] of refusals) {
      const { status, body } = await callApi(t.app, path, payload, { token: stranger.token });
      expect(status, path).toBe(404);
      expect(body).toEqual({ code: 404, msg: message, data: null });
    }
    const malformed = await callApi(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: 7 },
      { token: owner.token },
    );
    expect(malformed.status).toBe(422);
    expect(malformed.body.msg).toBe('itemId: must be an order item id');
  });

  it('keeps the card an order was paid with after the card is removed', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [], '5555555555554444');
    const order = await buy(buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const removed = await callApi(t.app, 'payments/removePaymentMethod', { id: buyer.card.id }, { token: buyer.token });
    expect(removed.status).toBe(200);
    const { body } = await callApi<{ order: Order }>(
      t.app,
      'orders/getOrder',
      { orderId: order.id },
      { token: buyer.token },
    );
    expect(body.data.order.payment).toEqual({ brand: 'mastercard', last4: '4444' });
  });
});

describe('orders/setCodeRedeemed', () => {
  it('marks one code redeemed at the time it happened, keeps that time when marked again, and takes the mark back', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, []);
    const order = await buy(buyer, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
    const item = order.items[0] as OrderItem;
    const [code, other] = item.codes.map((c) => c.code);
    const mark = (payload: object) =>
      callApi<{ item: OrderItem }>(
        t.app,
        'orders/setCodeRedeemed',
        { orderId: order.id, itemId: item.id, ...payload },
        { token: buyer.token },
      );

    const markedAt = clock.toISOString();
    const marked = await mark({ code });
    expect(marked.status).toBe(200);
    expect(marked.body.data.item.codes).toEqual([
      { code, status: 'redeemed', redeemedAt: markedAt },
      { code: other, status: 'active', redeemedAt: null },
    ]);
    later();
    const again = await mark({ code: ` ${code} `, redeemed: true });
    expect(again.body.data.item.codes[0]).toEqual({ code, status: 'redeemed', redeemedAt: markedAt });
    const undone = await mark({ code, redeemed: false });
    expect(undone.body.data.item.codes[0]).toEqual({ code, status: 'active', redeemedAt: null });
  });

  it('404 "License code not found" for a code the item does not hold', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{}, {}] });
    const buyer = await createBuyer(t.app, t.db, []);
    const order = await buy(buyer, [
      { productId: product.id, variantId: plan.id, quantity: 1 },
      { productId: product.id, variantId: product.plans[1]?.id ?? 0, quantity: 1 },
    ]);
    const [first, second] = order.items as [OrderItem, OrderItem];
    for (const code of [second.codes[0]?.code, 'EVD-NOPE-NOPE-NOPE']) {
      const { status, body } = await callApi(
        t.app,
        'orders/setCodeRedeemed',
        { orderId: order.id, itemId: first.id, code },
        { token: buyer.token },
      );
      expect(status).toBe(404);
      expect(body.msg).toBe(OrderMessage.codeNotFound);
    }
  });
});

describe('hostile input (requirements §8: never a 5xx)', () => {
  const routes = [
    'orders/checkout',
    'orders/getOrders',
    'orders/getOrder',
    'orders/getOrderItem',
    'orders/setCodeRedeemed',
    'payments/addPaymentMethod',
    'payments/removePaymentMethod',
    'payments/setDefaultPaymentMethod',
  ];
  const uuid = '00000000-0000-4000-8000-000000000000';
  const payloads: object[] = [
    { orderId: uuid, itemId: uuid, code: 'EVD-\u0000-CODE', redeemed: false },
    { orderId: '\u0000', itemId: '\u0000', code: '\u0000' },
    { orderId: uuid, itemId: uuid, code: 'x'.repeat(100_000) },
    { paymentMethodId: uuid, idempotencyKey: 'k'.repeat(100_000) },
    { paymentMethodId: { $ne: null }, idempotencyKey: ['a', 'b'] },
    { id: uuid.toUpperCase() },
    { id: "1' or '1'='1" },
    { card: { number: '4242\u00004242\u000042424242', expMonth: 1e308, expYear: -1, cvc: '\u0000\u0000\u0000' } },
    { card: [], providerToken: null },
    { providerToken: `pm_${'a'.repeat(1000)}` },
    { page: 1e308, pageSize: Number.MAX_SAFE_INTEGER },
    { page: '1', pageSize: '20', redeemed: 'yes' },
  ];

  it('answers every route a 4xx or a success with the envelope, whatever the payload', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, []);
    const order = await buy(buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    // The same payloads again with ids that exist, so they get past the ownership checks.
    const real = { orderId: order.id, itemId: order.items[0]?.id, id: buyer.card.id, paymentMethodId: buyer.card.id };
    const all = [...payloads, ...payloads.map((payload) => ({ ...payload, ...real }))];
    for (const path of routes) {
      for (const payload of all) {
        const { status, body } = await callApi(t.app, path, payload, { token: buyer.token });
        expect(status, `${path} ${JSON.stringify(payload).slice(0, 120)}`).toBeLessThan(500);
        expect(typeof body.msg).toBe('string');
      }
    }
  });
});
