import { type Favorite, type FavoriteList, HttpErrorMessage, ShoppingMessage } from '@everdeal/contracts';
import { favorites } from '@everdeal/db';
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

async function call<T>(path: string, token: string, payload: object = {}) {
  return callApi<T>(t.app, `user_favorites/${path}`, payload, { token });
}

async function list(token: string): Promise<FavoriteList> {
  const { status, body } = await call<FavoriteList>('getUserFavorites', token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

async function add(token: string, payload: object): Promise<Favorite> {
  const { status, body } = await call<Favorite>('addToFavorites', token, payload);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code).toBe(0);
  return body.data;
}

async function isFavorite(token: string, payload: object): Promise<boolean> {
  const { status, body } = await call<{ isFavorite: boolean }>('checkFavoriteStatus', token, payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.isFavorite;
}

describe('login', () => {
  it.each(['getUserFavorites', 'addToFavorites', 'removeFromFavorites', 'checkFavoriteStatus'])(
    '%s answers 401 "User not logged in" without a valid token',
    async (path) => {
      for (const token of [undefined, 'not-a-real-token']) {
        const { status, body } = await callApi(t.app, `user_favorites/${path}`, { productId: 1 }, { token });
        expect(status).toBe(401);
        expect(body).toEqual({ code: 401, msg: HttpErrorMessage[401], data: null });
      }
    },
  );
});

describe('favorites', () => {
  it('starts empty', async () => {
    const { token } = await createUserWithSession(t.db);
    expect(await list(token)).toEqual({ favorites: [], totalCount: 0 });
  });

  it('adds product-level (variantId omitted or null) and plan-level favorites, idempotently', async () => {
    const { token, userId } = await createUserWithSession(t.db);
    const product = await createProduct(t.db, { name: 'Loved', plans: [{}, {}] });
    const plan = product.plans[1];
    if (!plan) throw new Error('factory made no plan');

    const first = await add(token, { productId: product.id });
    expect(first).toMatchObject({ productId: product.id, variantId: null, product: { id: product.id, name: 'Loved' } });
    expect(first.product.plans).toHaveLength(2);
    expect(Date.parse(first.createdAt)).not.toBeNaN();
    expect(Date.parse(first.updatedAt)).not.toBeNaN();
    // Again, with an explicit null: the same row.
    expect((await add(token, { productId: product.id, variantId: null })).id).toBe(first.id);

    const planLevel = await add(token, { productId: product.id, variantId: plan.id });
    expect(planLevel).toMatchObject({ productId: product.id, variantId: plan.id });
    expect(planLevel.id).not.toBe(first.id);
    expect((await add(token, { productId: product.id, variantId: plan.id })).id).toBe(planLevel.id);

    expect(await t.db.select().from(favorites).where(eq(favorites.userId, userId))).toHaveLength(2);
    expect(await isFavorite(token, { productId: product.id })).toBe(true);
    expect(await isFavorite(token, { productId: product.id, variantId: plan.id })).toBe(true);
    expect(await isFavorite(token, { productId: product.id, variantId: product.plans[0]?.id })).toBe(false);
  });

  it('lists newest first with the product summary and the total', async () => {
    const { token } = await createUserWithSession(t.db);
    const older = await createProduct(t.db, { name: 'Older favorite' });
    const newer = await createProduct(t.db, { name: 'Newer favorite' });
    await add(token, { productId: older.id });
    await add(token, { productId: newer.id });
    const data = await list(token);
    expect(data.totalCount).toBe(2);
    expect(data.favorites.map((favorite) => favorite.product.name)).toEqual(['Newer favorite', 'Older favorite']);
    expect(data.favorites[0]).toMatchObject({
      productId: newer.id,
      variantId: null,
      product: { slug: newer.slug, price: 5900, currency: 'USD', dealStatus: 'live' },
    });
  });

  it('removes idempotently, product-level and plan-level separately', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const variantId = product.plans[0]?.id;
    await add(token, { productId: product.id });
    await add(token, { productId: product.id, variantId });

    for (let i = 0; i < 2; i++) {
      const { status, body } = await call('removeFromFavorites', token, { productId: product.id });
      expect(status).toBe(200);
      expect(body).toEqual({ code: 0, msg: 'success', data: null });
    }
    expect(await isFavorite(token, { productId: product.id })).toBe(false);
    expect(await isFavorite(token, { productId: product.id, variantId })).toBe(true);
    await call('removeFromFavorites', token, { productId: product.id, variantId });
    expect(await list(token)).toEqual({ favorites: [], totalCount: 0 });
  });

  it('404 "Product or plan not found" for an unknown or unpublished product or a plan of another product', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const hidden = await createProduct(t.db, { isPublished: false });
    for (const payload of [
      { productId: 999_999 },
      { productId: hidden.id },
      { productId: product.id, variantId: other.plans[0]?.id },
      { productId: product.id, variantId: 999_999 },
    ]) {
      for (const path of ['addToFavorites', 'checkFavoriteStatus']) {
        const { status, body } = await call(path, token, payload);
        expect(status, `${path} ${JSON.stringify(payload)}`).toBe(404);
        expect(body).toEqual({ code: 404, msg: ShoppingMessage.productOrPlanNotFound, data: null });
      }
    }
    expect(await list(token)).toEqual({ favorites: [], totalCount: 0 });
  });

  it('422 for a malformed product id', async () => {
    const { token } = await createUserWithSession(t.db);
    const { status, body } = await call('addToFavorites', token, { productId: 'abc' });
    expect(status).toBe(422);
    expect(body.msg).toBe('productId: productId must be a product id');
  });
});

describe('isolation between users', () => {
  it('user B neither sees nor removes user A’s favorites', async () => {
    const a = await createUserWithSession(t.db);
    const b = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const mine = await add(a.token, { productId: product.id });

    expect(await list(b.token)).toEqual({ favorites: [], totalCount: 0 });
    expect(await isFavorite(b.token, { productId: product.id })).toBe(false);
    await call('removeFromFavorites', b.token, { productId: product.id, userId: a.userId, id: mine.id });

    // B adding the same product gets B's own row, not A's.
    const theirs = await add(b.token, { productId: product.id });
    expect(theirs.id).not.toBe(mine.id);
    expect((await list(a.token)).favorites.map((favorite) => favorite.id)).toEqual([mine.id]);
    await call('removeFromFavorites', b.token, { productId: product.id });
    expect((await list(a.token)).favorites.map((favorite) => favorite.id)).toEqual([mine.id]);
  });
});
