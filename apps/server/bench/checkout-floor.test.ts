// The floor of `npm run bench:checkout` is only a floor if it sends what a real checkout sends:
// checked here on PostgreSQL (`npm run test:pg`), statement by statement and in order, so a change
// to the checkout that the floor does not follow fails the suite instead of the benchmark.
import { orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../test/app';
import { createBuyer, createDeal, newKey } from '../test/shop';
import { buildFloor } from './checkout-floor';
import { untilReceiptRecorded } from './checkout-setup';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the checkout floor (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let appStatements: string[] | null = null;
  const floorStatements: string[] = [];
  let floor: Awaited<ReturnType<typeof buildFloor>>;

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => appStatements?.push(query) });
    if (!t.databaseUrl) throw new Error('no database URL');
    floor = await buildFloor(t.databaseUrl, 2, floorStatements);
  });
  afterAll(async () => {
    await floor?.server.close();
    await floor?.close();
    await t?.close();
  });

  it('sends the statements of the app’s checkout, in the same order, and pays the order', async () => {
    // As in the benchmark: a cart of two lines, one code each of two plans, a saved sandbox card.
    const first = await createDeal(t.db, { plans: [{ codes: 5 }] });
    const second = await createDeal(t.db, { plans: [{ codes: 5 }] });
    const lines = [first, second].map(({ product, plan }) => ({
      productId: product.id,
      variantId: plan.id,
      quantity: 1,
    }));
    const [appBuyer, floorBuyer] = [await createBuyer(t.app, t.db, lines), await createBuyer(t.app, t.db, lines)];

    appStatements = [];
    const paid = await callApi(
      t.app,
      'orders/checkout',
      { paymentMethodId: appBuyer.card.id, idempotencyKey: newKey() },
      { token: appBuyer.token },
    );
    const sent = appStatements;
    expect(paid.status).toBe(200);
    await untilReceiptRecorded(sent);
    appStatements = null;

    const response = await floor.server.inject({
      method: 'POST',
      url: '/api/orders/checkout',
      headers: { authorization: `Bearer ${floorBuyer.token}` },
      payload: { paymentMethodId: floorBuyer.card.id, idempotencyKey: newKey() },
    });
    expect(response.statusCode, response.body).toBe(200);
    await untilReceiptRecorded(floorStatements);
    expect(floorStatements).toEqual(sent);

    const { order } = response.json() as { order: { id: string; items: { codes: string[] }[] } };
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('paid');
    expect(order.items.map((item) => item.codes.length)).toEqual([1, 1]);
  });
});
