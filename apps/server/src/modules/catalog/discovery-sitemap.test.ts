// Discovery (requirements §10, decision 003): the sitemap and robots.txt crawlers read, and the
// synthetic seeder the catalogue benchmarks use; through HTTP on a fresh database.
import type { ProductList } from '@everdeal/contracts';
import { createCategory, createProduct, seedSyntheticProducts } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

const PUBLIC_URL = 'https://shop.example';
const clock = new Date('2030-01-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

async function list(payload: object): Promise<ProductList> {
  const { status, body } = await callApi<ProductList>(t.app, 'products/getProducts', payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('sitemap and robots', () => {
  it('sitemap.xml lists the pages and every published product with absolute URLs', async () => {
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { name: 'Mapped', categoryId: category.id });
    const hidden = await createProduct(t.db, { isPublished: false });
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/trending</loc>`);
    for (const page of ['/blog', '/waitlist', '/contact', '/support'])
      expect(xml).toContain(`<loc>${PUBLIC_URL}${page}</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/categories/${category.slug}</loc><lastmod>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/products/${product.slug}</loc><lastmod>`);
    expect(xml).not.toContain(hidden.slug);
    for (const loc of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) expect(loc[1]?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });

  it('robots.txt allows the store, keeps crawlers out of the API and accounts, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /user',
      'Disallow: /auth/',
      'Disallow: /support/tickets/',
      'Disallow: /waitlist/unsubscribe',
      'Disallow: /unsubscribe',
    ]) {
      expect(response.body.split('\n')).toContain(line);
    }
    expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("robots.txt lets crawlers follow the header's cart link to its redirect, which /auth/ keeps out", async () => {
    const robots = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body.split('\n');
    expect(robots).not.toContain('Disallow: /cart');
    expect(robots).toContain('Disallow: /auth/');
  });
});

describe('synthetic seeder', () => {
  it('adds N searchable products with plans and codes, and a second run adds more', async () => {
    const before = (await list({ status: 'all', pageSize: 1 })).total;
    const first = await seedSyntheticProducts(t.db, { count: 200, now: clock });
    expect(first.products).toBe(200);
    expect(first.codes).toBeGreaterThan(0);
    const second = await seedSyntheticProducts(t.db, { count: 10, now: clock });
    expect(second.products).toBe(10);
    expect((await list({ status: 'all', pageSize: 1 })).total).toBe(before + 210);
    const found = await list({ q: 'nimbus', status: 'all', pageSize: 60 });
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((item) => item.plans.length >= 1 && item.price > 0)).toBe(true);
  });
});
