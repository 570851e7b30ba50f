import { type CartContents, HttpErrorMessage, ShoppingMessage } from '@everdeal/contracts';
import { cartItems, products } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function change(token: string, payload: object) {
  return callApi<CartContents>(t.app, 'cart/change', payload, { token });
}

async function contents(token: string): Promise<CartContents> {
  const { status, body } = await callApi<CartContents>(t.app, 'cart/getCartContents', {}, { token });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code).toBe(0);
  return body.data;
}

async function expectFailure(token: string, payload: object, status: number, msg: string) {
  const response = await change(token, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toEqual({ code: status, msg, data: null });
}

const EMPTY_CART: CartContents = {
  items: [],
  itemCount: 0,
  totalPrice: 0,
  originalTotalPrice: 0,
  totalDiscount: 0,
  totalWeight: 0,
  currency: 'USD',
  discounts: [],
  recurringTotals: [],
};

describe('login', () => {
  it.each(['cart/change', 'cart/getCartContents'])(
    '%s answers 401 "User not logged in" without a valid token',
    async (path) => {
      for (const token of [undefined, 'not-a-real-token']) {
        const { status, body } = await callApi(t.app, path, { productId: 1, variantId: 1, quantity: 1 }, { token });
        expect(status).toBe(401);
        expect(body).toEqual({ code: 401, msg: HttpErrorMessage[401], data: null });
      }
    },
  );
});

describe('cart/getCartContents and cart/change', () => {
  it('an empty cart has zero totals in USD', async () => {
    const { token } = await createUserWithSession(t.db);
    expect(await contents(token)).toEqual(EMPTY_CART);
  });

  it('sets absolute quantities, answers the cart with items and totals, in the order lines were added', async () => {
    const { token } = await createUserWithSession(t.db);
    const first = await createProduct(t.db, {
      name: 'Cart One',
      plans: [{ name: 'Tier 1', priceCents: 4900, originalPriceCents: 19900 }],
    });
    const second = await createProduct(t.db, {
      name: 'Cart Two',
      plans: [
        { name: 'Tier 1', priceCents: 5900, originalPriceCents: 29500 },
        { name: 'Tier 2', priceCents: 11900, originalPriceCents: 59500 },
      ],
    });
    const [plan1] = first.plans;
    const [, plan2b] = second.plans;
    if (!plan1 || !plan2b) throw new Error('factory made no plans');

    const added = await change(token, { productId: first.id, variantId: plan1.id, quantity: 2 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.code).toBe(0);
    expect(added.body.data.itemCount).toBe(2);

    await change(token, { productId: second.id, variantId: plan2b.id, quantity: 1 });
    // Absolute, not added: 3 then 1 leaves 1.
    await change(token, { productId: second.id, variantId: plan2b.id, quantity: 3 });
    const answered = await change(token, { productId: second.id, variantId: plan2b.id, quantity: 1 });

    const cart = await contents(token);
    expect(answered.body.data).toEqual(cart);
    expect(cart).toEqual({
      items: [
        {
          productId: first.id,
          variantId: plan1.id,
          quantity: 2,
          name: 'Cart One',
          slug: first.slug,
          image: first.logoUrl,
          planName: 'Tier 1',
          planKind: 'lifetime',
          billingInterval: null,
          price: 4900,
          regularPrice: 4900,
          originalPrice: 19900,
          currency: 'USD',
          maxQuantity: 9,
          refundWindowDays: 60,
          sale: null,
        },
        {
          productId: second.id,
          variantId: plan2b.id,
          quantity: 1,
          name: 'Cart Two',
          slug: second.slug,
          image: second.logoUrl,
          planName: 'Tier 2',
          planKind: 'lifetime',
          billingInterval: null,
          price: 11900,
          regularPrice: 11900,
          originalPrice: 59500,
          currency: 'USD',
          maxQuantity: 9,
          refundWindowDays: 60,
          sale: null,
        },
      ],
      itemCount: 3,
      totalPrice: 2 * 4900 + 11900,
      originalTotalPrice: 2 * 19900 + 59500,
      totalDiscount: 2 * 19900 + 59500 - (2 * 4900 + 11900),
      totalWeight: 0,
      currency: 'USD',
      discounts: [],
      // Lifetime plans only: nothing recurs.
      recurringTotals: [],
    });
  });

  it('quantity 0 removes the line, and removing a missing line is a no-op', async () => {
    const { token, userId } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const plan = product.plans[0];
    if (!plan) throw new Error('factory made no plan');
    await change(token, { productId: product.id, variantId: plan.id, quantity: 4 });
    const removed = await change(token, { productId: product.id, variantId: plan.id, quantity: 0 });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual(EMPTY_CART);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);

    const again = await change(token, { productId: product.id, variantId: plan.id, quantity: 0 });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(EMPTY_CART);
  });

  it('refuses negative, too large and fractional quantities with 422', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const variantId = product.plans[0]?.id;
    await expectFailure(token, { productId: product.id, variantId, quantity: -1 }, 422, 'Quantity cannot be negative');
    await expectFailure(
      token,
      { productId: product.id, variantId, quantity: 10 },
      422,
      'You can buy at most 9 codes of one plan',
    );
    await expectFailure(
      token,
      { productId: product.id, variantId, quantity: 1.5 },
      422,
      expect.stringMatching(/whole/),
    );
    expect((await contents(token)).items).toEqual([]);
  });

  it('404 "Product or plan not found" for an unknown product, a plan of another product or an unpublished product', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const hidden = await createProduct(t.db, { isPublished: false });
    const notFound = ShoppingMessage.productOrPlanNotFound;
    await expectFailure(token, { productId: 999_999, variantId: product.plans[0]?.id, quantity: 1 }, 404, notFound);
    await expectFailure(token, { productId: product.id, variantId: other.plans[0]?.id, quantity: 1 }, 404, notFound);
    await expectFailure(token, { productId: product.id, variantId: 999_999, quantity: 1 }, 404, notFound);
    await expectFailure(token, { productId: hidden.id, variantId: hidden.plans[0]?.id, quantity: 1 }, 404, notFound);
    expect((await contents(token)).items).toEqual([]);
  });

  it('422 for a deal that is ended, upcoming or marked sold out, and for a sold-out plan', async () => {
    const { token } = await createUserWithSession(t.db);
    const ended = await createProduct(t.db, { endsAt: new Date(Date.now() - 60_000) });
    const upcoming = await createProduct(t.db, { dealStatus: 'upcoming' });
    const markedSoldOut = await createProduct(t.db, { dealStatus: 'sold_out' });
    const partly = await createProduct(t.db, { plans: [{ codes: 0 }, { codes: 3 }] });
    const notPurchasable = ShoppingMessage.dealNotPurchasable;
    for (const product of [ended, upcoming, markedSoldOut]) {
      await expectFailure(
        token,
        { productId: product.id, variantId: product.plans[0]?.id, quantity: 1 },
        422,
        notPurchasable,
      );
    }
    await expectFailure(
      token,
      { productId: partly.id, variantId: partly.plans[0]?.id, quantity: 1 },
      422,
      ShoppingMessage.planSoldOut,
    );
    const ok = await change(token, { productId: partly.id, variantId: partly.plans[1]?.id, quantity: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.itemCount).toBe(1);
  });

  it('caps a line at the codes left: 409 naming what is left, and maxQuantity tells the client', async () => {
    // Requirements §9: "Only 4 codes left" must not let a shopper take 7.
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db, {
      name: 'Scarce Deal',
      plans: [
        { name: 'Tier 1', codes: 4 },
        { name: 'Monthly', kind: 'subscription', priceCents: 900, codes: 30 },
      ],
    });
    const [scarce, monthly] = product.plans;
    if (!scarce || !monthly) throw new Error('factory made no plans');

    const four = await change(token, { productId: product.id, variantId: scarce.id, quantity: 4 });
    expect(four.status, JSON.stringify(four.body)).toBe(200);
    expect(four.body.data.items).toEqual([expect.objectContaining({ quantity: 4, maxQuantity: 4 })]);

    await expectFailure(
      token,
      { productId: product.id, variantId: scarce.id, quantity: 7 },
      409,
      'Only 4 codes of Scarce Deal (Tier 1) are left',
    );
    await expectFailure(
      token,
      { productId: product.id, variantId: scarce.id, quantity: 5 },
      409,
      'Only 4 codes of Scarce Deal (Tier 1) are left',
    );
    // The refused change left the line as it was; lowering it and removing it still work.
    expect((await contents(token)).items).toEqual([expect.objectContaining({ quantity: 4 })]);
    const three = await change(token, { productId: product.id, variantId: scarce.id, quantity: 3 });
    expect(three.status).toBe(200);

    // A plan with plenty of codes is capped at 9 (the contract), and says it renews monthly.
    const nine = await change(token, { productId: product.id, variantId: monthly.id, quantity: 9 });
    expect(nine.status).toBe(200);
    expect(nine.body.data.items).toEqual([
      expect.objectContaining({ variantId: scarce.id, maxQuantity: 4, planKind: 'lifetime', billingInterval: null }),
      expect.objectContaining({
        variantId: monthly.id,
        maxQuantity: 9,
        planKind: 'subscription',
        billingInterval: 'month',
      }),
    ]);
  });

  it('a line whose deal has since ended can still be removed', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db, { endsAt: new Date(Date.now() + 60 * 60_000) });
    const variantId = product.plans[0]?.id;
    await change(token, { productId: product.id, variantId, quantity: 2 });
    await t.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(products.id, product.id));
    await expectFailure(
      token,
      { productId: product.id, variantId, quantity: 3 },
      422,
      ShoppingMessage.dealNotPurchasable,
    );
    const removed = await change(token, { productId: product.id, variantId, quantity: 0 });
    expect(removed.body.data).toEqual(EMPTY_CART);
  });

  it('refuses a plan priced in another currency rather than mixing currencies', async () => {
    const { token } = await createUserWithSession(t.db);
    const euro = await createProduct(t.db, { plans: [{ currency: 'EUR' }] });
    await expectFailure(
      token,
      { productId: euro.id, variantId: euro.plans[0]?.id, quantity: 1 },
      422,
      ShoppingMessage.currencyNotSupported,
    );
  });
});

describe('isolation between users', () => {
  it('user B neither sees nor changes user A’s cart, whatever ids B sends', async () => {
    const a = await createUserWithSession(t.db);
    const b = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const variantId = product.plans[0]?.id;
    await change(a.token, { productId: product.id, variantId, quantity: 5 });

    expect(await contents(b.token)).toEqual(EMPTY_CART);
    // B's change of the same product and plan makes B's own line; A's stays at 5.
    await change(b.token, { productId: product.id, variantId, quantity: 1 });
    await change(b.token, { productId: product.id, variantId, quantity: 0 });
    // Unknown fields (such as a user id) are stripped, never used to pick rows.
    await change(b.token, { productId: product.id, variantId, quantity: 2, userId: a.userId });

    const cartA = await contents(a.token);
    expect(cartA.items.map((item) => item.quantity)).toEqual([5]);
    const cartB = await contents(b.token);
    expect(cartB.items.map((item) => item.quantity)).toEqual([2]);
    const rowsA = await t.db.select().from(cartItems).where(eq(cartItems.userId, a.userId));
    expect(rowsA.map((row) => row.quantity)).toEqual([5]);
  });
});

// PGlite has one connection, so calls queue and cannot race: these run on PostgreSQL only
// (`npm run test:pg`), where the app's pool holds several connections (test/database.ts).
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('50 parallel changes of one line leave exactly one row holding one of the sent quantities', async () => {
    const { token, userId } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const variantId = product.plans[0]?.id;
    const sent = Array.from({ length: 50 }, (_, i) => (i % 9) + 1);
    const responses = await Promise.all(
      sent.map((quantity) => change(token, { productId: product.id, variantId, quantity })),
    );
    expect(responses.map((response) => response.status)).toEqual(sent.map(() => 200));
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.userId, userId));
    expect(rows).toHaveLength(1);
    expect(sent).toContain(rows[0]?.quantity);
    expect((await contents(token)).itemCount).toBe(rows[0]?.quantity);
  });

  it('50 parallel changes of 50 plans of one cart leave 50 lines, none lost', async () => {
    const { token, userId } = await createUserWithSession(t.db);
    // Nine codes each: a line may hold no more than its plan has left (requirements §9).
    const product = await createProduct(t.db, { plans: Array.from({ length: 50 }, () => ({ codes: 9 })) });
    const responses = await Promise.all(
      product.plans.map((plan, i) =>
        change(token, { productId: product.id, variantId: plan.id, quantity: (i % 9) + 1 }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.userId, userId));
    expect(rows).toHaveLength(50);
    const cart = await contents(token);
    expect(cart.items).toHaveLength(50);
    expect(cart.itemCount).toBe(product.plans.reduce((sum, _, i) => sum + (i % 9) + 1, 0));
  });
});
