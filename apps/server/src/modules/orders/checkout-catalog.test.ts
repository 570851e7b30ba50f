import type { Plan, ProductDetail } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { checkout, createBuyer, createDeal, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';

// Decisions 004 and 044 cache catalogue answers; every sale clears what shows its product (decision 044).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_TTL_MS: '60000' } });
});
afterAll(() => t?.close());

async function planOf(slug: string): Promise<Plan | undefined> {
  const { body } = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug });
  return body.data.plans[0];
}

describe('checkout and the catalogue cache', () => {
  it('every sale shows its codes left at once, a sell-out too; a release hands them back at once', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 3 }] });
    const line = { productId: product.id, variantId: plan.id, quantity: 1 };
    expect(await planOf(product.slug)).toMatchObject({ codesRemaining: 3, isSoldOut: false });

    // Not the last code: only the answers showing this product are cleared (decision 044).
    const first = await createBuyer(t.app, t.db, [line]);
    expect(
      (await checkout(t.app, first.token, { paymentMethodId: first.card.id, idempotencyKey: newKey() })).status,
    ).toBe(200);
    expect(await planOf(product.slug)).toMatchObject({ codesRemaining: 2 });

    // A declined card hands its reserved codes back: cleared, the pool is as it was.
    const declined = await createBuyer(t.app, t.db, [{ ...line, quantity: 2 }], SANDBOX_TEST_CARDS.declined);
    const refused = await checkout(t.app, declined.token, {
      paymentMethodId: declined.card.id,
      idempotencyKey: newKey(),
    });
    expect(refused.status).toBe(402);
    expect(await planOf(product.slug)).toMatchObject({ codesRemaining: 2, isSoldOut: false });

    // The last two codes: sold out at once.
    const last = await createBuyer(t.app, t.db, [{ ...line, quantity: 2 }]);
    expect(
      (await checkout(t.app, last.token, { paymentMethodId: last.card.id, idempotencyKey: newKey() })).status,
    ).toBe(200);
    expect(await planOf(product.slug)).toMatchObject({ codesRemaining: 0, isSoldOut: true });
  });
});
