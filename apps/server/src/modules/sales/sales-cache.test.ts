// Decision 042 with the answer cache on (decision 004; the other tests run with
// CATALOG_CACHE_TTL_MS=0): a sale's start and end take effect on the next request, though the
// answers read before them are well within their TTL and nothing was written in between.
import type { CurrentSale, ProductDetail, ProductList, SaleEventResult, SaleOptOutResult } from '@everdeal/contracts';
import { createCategory } from '@everdeal/db/seed';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember } from '../../../test/seller';
import { createDeal } from '../../../test/shop';

const MINUTE_MS = 60_000;
// In the past: sessions made now (by real time) stay valid at every moment the tests move to.
let clock = new Date('2026-03-01T10:00:00Z');
let t: TestApp;
let admin: { token: string };
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { CATALOG_CACHE_TTL_MS: String(10 * MINUTE_MS) },
    onQuery: (query) => statements.push(query),
  });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

async function call<T>(path: string, payload: object): Promise<T> {
  const { status, body } = await callApi<T>(t.app, path, payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const later = (minutes: number) => new Date(clock.getTime() + minutes * MINUTE_MS);
/** The statements sent since the last reset that read the sale schedule (sales/sale-schedule.ts). */
const scheduleReads = () => statements.filter((statement) => /\bfrom "sales"/.test(statement)).length;

async function createSale(input: { percentOff: number; startsAt: Date; endsAt: Date }) {
  const created = await callApi<SaleEventResult>(
    t.app,
    'admin/createSale',
    { name: 'Kept sale', ...input, startsAt: input.startsAt.toISOString(), endsAt: input.endsAt.toISOString() },
    { token: admin.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.sale;
}

describe('sale boundaries and the catalogue’s cache', () => {
  it('a product, a list and the current sale change at the start and at the end, on the next request', async () => {
    const category = await createCategory(t.db);
    const { product } = await createDeal(t.db, { categoryId: category.id, plans: [{ priceCents: 10_000, codes: 2 }] });
    const created = await callApi<SaleEventResult>(
      t.app,
      'admin/createSale',
      { name: 'Flash sale', percentOff: 30, startsAt: later(10).toISOString(), endsAt: later(15).toISOString() },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    const read = async () => ({
      product: (await call<ProductDetail>('products/getProduct', { slug: product.slug })).price,
      list: (await call<ProductList>('products/getProducts', { category: category.slug })).items[0]?.price,
      sale: (await call<CurrentSale>('sales/getCurrentSale', {})).sale?.name ?? null,
    });

    expect(await read()).toEqual({ product: 10_000, list: 10_000, sale: null });
    // The cache is on: the same reads again send no SQL.
    statements = [];
    expect(await read()).toEqual({ product: 10_000, list: 10_000, sale: null });
    expect(statements).toEqual([]);

    clock = later(9);
    expect(await read()).toEqual({ product: 10_000, list: 10_000, sale: null });
    // The start, inclusive: the entries read before it are not served.
    clock = later(1);
    expect(await read()).toEqual({ product: 7000, list: 7000, sale: 'Flash sale' });
    statements = [];
    expect(await read()).toEqual({ product: 7000, list: 7000, sale: 'Flash sale' });
    expect(statements).toEqual([]);

    // The end, exclusive, well within the answers' TTL.
    clock = later(4);
    expect(await read()).toEqual({ product: 7000, list: 7000, sale: 'Flash sale' });
    clock = later(1);
    expect(await read()).toEqual({ product: 10_000, list: 10_000, sale: null });
  });

  it('creating and ending a sale clears the cached answers at once', async () => {
    clock = later(60);
    const { product } = await createDeal(t.db, { plans: [{ priceCents: 2000, codes: 2 }] });
    const price = async () => (await call<ProductDetail>('products/getProduct', { slug: product.slug })).price;
    expect(await price()).toBe(2000);
    const created = await callApi<SaleEventResult>(
      t.app,
      'admin/createSale',
      { name: 'Now', percentOff: 50, startsAt: clock.toISOString(), endsAt: later(30).toISOString() },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    expect(await price()).toBe(1000);
    await callApi(t.app, 'admin/endSale', { id: created.body.data.sale.id }, { token: admin.token });
    expect(await price()).toBe(2000);
  });

  it('an opt-out takes the product out of the running sale on the next request, others stay in it', async () => {
    clock = later(120);
    const member = await createSellerWithMember(t.db);
    const { product: own } = await createDeal(t.db, { sellerId: member.sellerId, plans: [{ priceCents: 3000 }] });
    const { product: other } = await createDeal(t.db, { plans: [{ priceCents: 3000 }] });
    const sale = await createSale({ percentOff: 10, startsAt: clock, endsAt: later(30) });
    const price = async (slug: string) => (await call<ProductDetail>('products/getProduct', { slug })).price;
    expect([await price(own.slug), await price(other.slug)]).toEqual([2700, 2700]);
    const optOut = (optOut: boolean) =>
      callApi<SaleOptOutResult>(t.app, 'seller/setSaleOptOut', { productId: own.id, optOut }, { token: member.token });
    expect((await optOut(true)).status).toBe(200);
    expect([await price(own.slug), await price(other.slug)]).toEqual([3000, 2700]);
    expect((await optOut(false)).status).toBe(200);
    expect([await price(own.slug), await price(other.slug)]).toEqual([2700, 2700]);
    await callApi(t.app, 'admin/endSale', { id: sale.id }, { token: admin.token });
  });
});

describe('the sale schedule kept in memory (decisions 042, 044)', () => {
  it('an uncached load sends only its own statements; a sale written or a boundary reached reads it once again', async () => {
    clock = later(240);
    const category = await createCategory(t.db);
    const { product } = await createDeal(t.db, { categoryId: category.id, plans: [{ priceCents: 5000, codes: 2 }] });
    // Loads of answers never read before: each misses the answer cache.
    let load = 0;
    const uncachedList = async () => {
      load += 1;
      const list = await call<ProductList>('products/getProducts', { category: category.slug, pageSize: load });
      return list.items[0]?.price;
    };
    await call<CurrentSale>('sales/getCurrentSale', {});

    statements = [];
    expect(await uncachedList()).toBe(5000);
    expect(statements.length).toBeGreaterThan(0);
    expect(scheduleReads()).toBe(0);

    // Created: cleared at once, then read by the next load only.
    const sale = await createSale({ percentOff: 20, startsAt: later(5), endsAt: later(10) });
    statements = [];
    expect(await uncachedList()).toBe(5000);
    expect(await uncachedList()).toBe(5000);
    expect(scheduleReads()).toBe(1);

    // Its start: no write, the kept schedule ends there and the next load reads it again.
    clock = later(5);
    statements = [];
    expect(await uncachedList()).toBe(4000);
    expect((await call<ProductDetail>('products/getProduct', { slug: product.slug })).price).toBe(4000);
    expect(scheduleReads()).toBe(1);

    // Ended: the next request shows the list price, after one read.
    await callApi(t.app, 'admin/endSale', { id: sale.id }, { token: admin.token });
    statements = [];
    expect(await uncachedList()).toBe(5000);
    expect((await call<ProductDetail>('products/getProduct', { slug: product.slug })).price).toBe(5000);
    expect(scheduleReads()).toBe(1);
  });
});
