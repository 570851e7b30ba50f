import { join } from 'node:path';
import {
  type BlogPost,
  type BlogPostList,
  firstYearCents,
  type ProductDetail,
  type ProductList,
  type ProductSummary,
} from '@everdeal/contracts';
import { isCatalogEmpty, seedDemoCatalog } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the demo catalogue', () => {
  it('seeds at least 40 products that the API pages through completely', async () => {
    expect(await isCatalogEmpty(t.db)).toBe(true);
    const seeded = await seedDemoCatalog(t.db, { mediaDir: join(t.dataDir, 'uploads', 'demo') });
    expect(seeded.products).toBeGreaterThanOrEqual(40);
    expect(await isCatalogEmpty(t.db)).toBe(false);

    const all: ProductSummary[] = [];
    let total = 0;
    for (let page = 1; page < 100; page++) {
      const { status, body } = await callApi<ProductList>(t.app, 'products/getProducts', {
        page,
        pageSize: 60,
        sort: 'newest',
      });
      expect(status).toBe(200);
      total = body.data.total;
      if (body.data.items.length === 0) break;
      all.push(...body.data.items);
    }
    expect(total).toBeGreaterThanOrEqual(40);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((item) => item.slug)).size).toBe(total);

    for (const product of all) {
      expect(product.plans.length, product.slug).toBeGreaterThanOrEqual(1);
      expect(product.plans.length, product.slug).toBeLessThanOrEqual(3);
      expect(Number.isInteger(product.price), product.slug).toBe(true);
      // The card's price is the plan cheapest over its first year, with that plan's period (decision 013).
      const cost = (plan: { price: number; billingInterval: 'month' | 'year' | null }) =>
        firstYearCents(plan.price, plan.billingInterval);
      const cheapest = Math.min(...product.plans.map(cost));
      expect(cost(product), product.slug).toBe(cheapest);
      for (const plan of product.plans) {
        expect(Number.isInteger(plan.price), `${product.slug} ${plan.name}`).toBe(true);
        expect(Number.isInteger(plan.originalPrice), `${product.slug} ${plan.name}`).toBe(true);
        expect(plan.price, `${product.slug} ${plan.name}`).toBeGreaterThan(0);
        expect(plan.originalPrice, `${product.slug} ${plan.name}`).toBeGreaterThanOrEqual(plan.price);
      }
    }
  });

  it('every category of the demo has products, and a detail page answers', async () => {
    const categories = (
      await callApi<{ categories: { slug: string; productCount: number }[] }>(t.app, 'products/getCategories')
    ).body.data.categories;
    expect(categories.length).toBeGreaterThan(0);
    for (const category of categories) expect(category.productCount, category.slug).toBeGreaterThan(0);

    const list = (await callApi<ProductList>(t.app, 'products/getProducts', { pageSize: 1 })).body.data;
    const slug = list.items[0]?.slug ?? '';
    const { status, body } = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug });
    expect(status).toBe(200);
    expect(body.data.descriptionHtml.length).toBeGreaterThan(0);
  });

  it('comes with a blog: every demo post is listed, reads, and its cover is served', async () => {
    const list = (await callApi<BlogPostList>(t.app, 'blog/getPosts', { pageSize: 24 })).body.data;
    expect(list.total).toBeGreaterThanOrEqual(6);
    expect(list.items).toHaveLength(list.total);
    expect(list.tags.length).toBeGreaterThan(0);
    for (const summary of list.items) {
      const { status, body } = await callApi<BlogPost>(t.app, 'blog/getPost', { slug: summary.slug });
      expect(status, summary.slug).toBe(200);
      expect(body.data.bodyHtml, summary.slug).toContain('<h2>');
      const cover = await t.app.inject({ method: 'GET', url: summary.coverUrl });
      expect(cover.statusCode, summary.coverUrl).toBe(200);
      expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });
});
