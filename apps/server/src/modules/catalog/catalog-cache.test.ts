import type { ProductDetail, ProductList, UpvoteStatus } from '@everdeal/contracts';
import { products } from '@everdeal/db';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

// Decisions 004 and 044: catalogue answers are kept while the cache is on (CATALOG_CACHE_TTL_MS, 0 in the other tests).
let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { CATALOG_CACHE_TTL_MS: '60000' },
    onQuery: (query) => statements.push(query),
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

async function call<T>(path: string, payload: object, token?: string): Promise<T> {
  const { status, body } = await callApi<T>(t.app, path, payload, token ? { token } : {});
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('catalogue answer cache', () => {
  it('answers a repeated list request without SQL; unknown fields and defaults share the entry', async () => {
    const category = await createCategory(t.db);
    await createProduct(t.db, { categoryId: category.id });
    statements = [];
    const first = await call<ProductList>('products/getProducts', { category: category.slug });
    expect(first.total).toBe(1);
    expect(statements.length).toBeGreaterThan(0);

    statements = [];
    const again = await call<ProductList>('products/getProducts', { category: category.slug, page: 1, junk: 'x' });
    expect(again).toEqual(first);
    expect(statements).toEqual([]);

    // A different query is a different entry.
    await call<ProductList>('products/getProducts', { category: category.slug, sort: 'newest' });
    expect(statements.length).toBeGreaterThan(0);
  });

  it('answers a repeated product request without SQL', async () => {
    const product = await createProduct(t.db);
    const first = await call<ProductDetail>('products/getProduct', { slug: product.slug });
    statements = [];
    expect(await call<ProductDetail>('products/getProduct', { slug: product.slug })).toEqual(first);
    expect(statements).toEqual([]);
  });

  it('does not keep a 404: a product published later is found', async () => {
    const product = await createProduct(t.db, { isPublished: false });
    const { status } = await callApi(t.app, 'products/getProduct', { slug: product.slug });
    expect(status).toBe(404);
    await t.db.update(products).set({ isPublished: true }).where(eq(products.id, product.id));
    expect((await call<ProductDetail>('products/getProduct', { slug: product.slug })).id).toBe(product.id);
  });

  it('an upvote drops the cached answers, so lists and the product show the new count at once', async () => {
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { categoryId: category.id });
    const voter = await createUserWithSession(t.db);
    expect((await call<ProductList>('products/getProducts', { category: category.slug })).items[0]?.upvoteCount).toBe(
      0,
    );
    expect((await call<ProductDetail>('products/getProduct', { slug: product.slug })).upvoteCount).toBe(0);

    const vote = await call<UpvoteStatus>('products/addUpvote', { productId: product.id }, voter.token);
    expect(vote.upvoteCount).toBe(1);
    expect((await call<ProductList>('products/getProducts', { category: category.slug })).items[0]?.upvoteCount).toBe(
      1,
    );
    expect((await call<ProductDetail>('products/getProduct', { slug: product.slug })).upvoteCount).toBe(1);

    await call<UpvoteStatus>('products/removeUpvote', { productId: product.id }, voter.token);
    expect((await call<ProductDetail>('products/getProduct', { slug: product.slug })).upvoteCount).toBe(0);
  });
});

describe('catalogue answers kept until a write clears their tags (decision 044)', () => {
  it('an upvote clears what shows the product and the lists by votes, nothing else', async () => {
    const category = await createCategory(t.db);
    const voted = await createProduct(t.db, { categoryId: category.id });
    const other = await createProduct(t.db);
    const voter = await createUserWithSession(t.db);
    const newest = { category: category.slug, sort: 'newest' };
    const popular = { category: category.slug, sort: 'popular' };
    const reads = async () => {
      await call<ProductDetail>('products/getProduct', { slug: other.slug });
      await call<ProductList>('products/getProducts', { q: 'nothing-like-this-anywhere' });
      await call<ProductList>('products/getProducts', newest);
      await call<ProductList>('products/getProducts', popular);
    };
    await reads();
    await call<UpvoteStatus>('products/addUpvote', { productId: voted.id }, voter.token);
    statements = [];
    // Another product and a list without it: still hits.
    await call<ProductDetail>('products/getProduct', { slug: other.slug });
    await call<ProductList>('products/getProducts', { q: 'nothing-like-this-anywhere' });
    expect(statements).toEqual([]);
    // A list showing it (its card's count) and a list by votes: loaded again, with the vote.
    expect((await call<ProductList>('products/getProducts', newest)).items[0]?.upvoteCount).toBe(1);
    expect((await call<ProductList>('products/getProducts', popular)).items[0]?.upvoteCount).toBe(1);
    expect(statements.length).toBeGreaterThan(0);
  });
});

describe('answers that change by the clock (decision 044: loaded before the moment, stale from it)', () => {
  let clocked: TestApp;
  let nowMs = Date.parse('2026-11-29T12:00:00Z');
  beforeAll(async () => {
    clocked = await createTestApp({ env: { CATALOG_CACHE_TTL_MS: '60000' }, now: () => new Date(nowMs) });
  });
  afterAll(() => clocked?.close());
  const read = async <T>(path: string, payload: object): Promise<T> => {
    const { status, body } = await callApi<T>(clocked.app, path, payload);
    expect(status).toBe(200);
    return body.data;
  };

  it('a deal that ends leaves the product page live no longer, and the lists of current deals', async () => {
    const category = await createCategory(clocked.db);
    const endsAt = new Date(nowMs + 3_600_000);
    const product = await createProduct(clocked.db, { categoryId: category.id, dealStatus: 'live', endsAt });
    const list = { category: category.slug };
    expect((await read<ProductDetail>('products/getProduct', { slug: product.slug })).dealStatus).toBe('live');
    expect((await read<ProductList>('products/getProducts', list)).total).toBe(1);
    nowMs = endsAt.getTime() + 1;
    // The first read after the moment may still get the old answer while one reload runs.
    await expect
      .poll(async () => (await read<ProductDetail>('products/getProduct', { slug: product.slug })).dealStatus)
      .toBe('ended');
    await expect.poll(async () => (await read<ProductList>('products/getProducts', list)).total).toBe(0);
  });
});
