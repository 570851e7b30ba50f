import type { OwnedItems } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal } from '../../../test/shop';

// Requirements §10 "You own this": the product page asks which plans of a product the signed-in
// shopper holds today, and only ever learns about the caller's own items.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const owned = (productId: number, token?: string) =>
  callApi<OwnedItems>(t.app, 'orders/getOwnedItems', { productId }, token ? { token } : {});

describe('orders/getOwnedItems', () => {
  it('answers the buyer’s active items of the product, newest first, and nothing of other products', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ name: 'Tier 1' }, { name: 'Tier 2' }] });
    const tier2 = product.plans[1];
    const other = await createDeal(t.db);
    if (!tier2) throw new Error('no Tier 2');
    const buyer = await createBuyer(t.app, t.db, []);
    expect((await owned(product.id, buyer.token)).body.data).toEqual({ items: [] });

    const first = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const second = await buy(t.app, buyer, [
      { productId: product.id, variantId: tier2.id, quantity: 2 },
      { productId: other.product.id, variantId: other.plan.id, quantity: 1 },
    ]);

    const { status, body } = await owned(product.id, buyer.token);
    expect(status).toBe(200);
    expect(body.data.items).toEqual([
      {
        orderId: second.id,
        itemId: second.items[0]?.id,
        variantId: tier2.id,
        planName: 'Tier 2',
        quantity: 2,
      },
      { orderId: first.id, itemId: first.items[0]?.id, variantId: plan.id, planName: 'Tier 1', quantity: 1 },
    ]);
  });

  it('drops a refunded item: only what the shopper still holds counts', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, []);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const item = order.items[0];
    if (!item) throw new Error('no item');
    expect((await owned(product.id, buyer.token)).body.data.items).toHaveLength(1);

    const refunded = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    expect((await owned(product.id, buyer.token)).body.data).toEqual({ items: [] });
  });

  it('tells another user nothing of the buyer’s items, and a visitor to log in', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, []);
    await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const stranger = await createUserWithSession(t.db);
    expect((await owned(product.id, stranger.token)).body).toEqual({ code: 0, msg: 'success', data: { items: [] } });
    const visitor = await owned(product.id);
    expect(visitor.status).toBe(401);
    expect(visitor.body.msg).toBe('User not logged in');
    expect((await owned(0, buyer.token)).status).toBe(422);
  });
});
