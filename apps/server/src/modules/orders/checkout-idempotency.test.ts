import { OrderMessage } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { addCard, checkout, createBuyer, createDeal, fillCart, newKey, shopReads } from '../../../test/shop';

// Requirements §15: the same idempotencyKey from the same user answers the first result and
// never charges twice. Concurrent requests with one key: checkout-race.test.ts (PostgreSQL).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { cartOf, availableCodes, ledgerOf } = shopReads(() => t);

async function expectRefused(response: Awaited<ReturnType<typeof checkout>>, status: number, msg: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toEqual({ code: status, msg, data: null });
}

describe('idempotency', () => {
  it('the same key answers the first order, also after the cart was emptied, and charges once', async () => {
    const { product, plan } = await createDeal(t.db);
    const line = { productId: product.id, variantId: plan.id, quantity: 2 };
    const buyer = await createBuyer(t.app, t.db, [line]);
    const key = newKey();
    const payload = { paymentMethodId: buyer.card.id, idempotencyKey: key };
    const first = await checkout(t.app, buyer.token, payload);
    expect(first.status).toBe(200);
    const again = await checkout(t.app, buyer.token, payload);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // The same cart once more, with the same key: still that order, no second charge.
    await fillCart(t.app, buyer.token, [line]);
    const sameCart = await checkout(t.app, buyer.token, payload);
    expect(sameCart.body.data.order.id).toBe(first.body.data.order.id);
    expect(await ledgerOf(buyer.userId)).toHaveLength(1);
    expect(await availableCodes(plan.id)).toBe(23);
    expect((await cartOf(buyer.token)).itemCount).toBe(2);
  });

  it('a key reused with a different cart or card is refused with 422', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const key = newKey();
    const first = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(first.status).toBe(200);
    await fillCart(t.app, buyer.token, [{ productId: product.id, variantId: plan.id, quantity: 3 }]);
    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key }),
      422,
      OrderMessage.idempotencyKeyReused,
    );
    await fillCart(t.app, buyer.token, [{ productId: product.id, variantId: plan.id, quantity: 0 }]);
    const otherCard = await addCard(t.app, buyer.token);
    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: otherCard.id, idempotencyKey: key }),
      422,
      OrderMessage.idempotencyKeyReused,
    );
    expect(await ledgerOf(buyer.userId)).toHaveLength(1);
  });

  it('keys belong to their user: another user’s key of the same text is another checkout', async () => {
    const { product, plan } = await createDeal(t.db);
    const key = newKey();
    const a = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const b = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const first = await checkout(t.app, a.token, { paymentMethodId: a.card.id, idempotencyKey: key });
    const second = await checkout(t.app, b.token, { paymentMethodId: b.card.id, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data.order.id).not.toBe(first.body.data.order.id);
    expect(await ledgerOf(a.userId)).toHaveLength(1);
    expect(await ledgerOf(b.userId)).toHaveLength(1);
  });
});
