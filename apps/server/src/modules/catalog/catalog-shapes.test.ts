// The catalogue's statements are prepared per shape, and only the first MAX_NAMED_SHAPES shapes
// of a database under a name (lib/prepared.ts): an API caller varying page sizes and filters must
// not fill each connection with statements. A shape past them runs unnamed; it answers the same.
import { GetProductsInputSchema, type ProductList } from '@everdeal/contracts';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { MAX_NAMED_SHAPES } from '../../lib/prepared';
import { createSaleSchedule } from '../sales';
import { getProductSections } from './catalog.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const catalogDeps = () => ({
  db: t.db,
  now: () => new Date(),
  saleSchedule: createSaleSchedule({ db: t.db, maxAgeMs: 600_000, keep: true }),
});
const query = (payload: object) => GetProductsInputSchema.parse(payload);
/** A list through the API, as a shopper's browser or an API caller asks for it. */
async function list(payload: object): Promise<ProductList> {
  const { status, body } = await callApi<ProductList>(t.app, 'products/getProducts', payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const slugsOf = (list: Pick<ProductList, 'items'>) => list.items.map((item) => item.slug);

describe('shapes past the named ones', () => {
  it('answer pages, counts, searches, names, corrections and sections as the named ones do', async () => {
    // Letters only, so the vocabulary keeps it as one word to correct towards.
    const word = `zy${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 8)}word`;
    // Two letters of the fixed end swapped, so the typo always differs from the word.
    const typo = `${word.slice(0, -4)}wrod`;
    const category = await createCategory(t.db);
    for (let i = 0; i < 5; i++) {
      await createProduct(t.db, {
        name: `Quorvantix ${i}`,
        tagline: `All about ${word}`,
        categoryId: category.id,
        upvoteCount: i,
      });
    }
    for (let i = 0; i < 3; i++) await createProduct(t.db, { name: `Other ${i}`, tagline: `Made for ${word}` });
    const deps = catalogDeps();

    // Each asked first in a shape of its own while shapes may still be named.
    const searched = await list({ q: word, pageSize: 60 });
    const inCategory = await list({ category: category.slug, sort: 'newest', pageSize: 60 });
    const popular = await list({ category: category.slug, sort: 'popular', pageSize: 60 });
    const corrected = await list({ q: typo, pageSize: 60 });
    const byNames = await list({ q: 'quorvantixx', pageSize: 60 });
    expect(searched.total).toBe(8);
    expect(inCategory.total).toBe(5);
    expect(corrected.correction).toEqual({ query: word, applied: true });
    expect(slugsOf(corrected)).toEqual(slugsOf(searched));
    expect(byNames.total).toBe(5);

    // More shapes than may be named: every page size with four sorts.
    const sorts = ['popular', 'rating', 'price-asc', 'price-desc'];
    expect(60 * sorts.length).toBeGreaterThan(MAX_NAMED_SHAPES);
    for (let pageSize = 1; pageSize <= 60; pageSize++) {
      for (const sort of sorts) await list({ sort, pageSize });
    }

    // Shapes not seen before, so unnamed: each a slice of the answer above.
    const page = await list({ q: word, pageSize: 3, page: 2 });
    expect(slugsOf(page)).toEqual(slugsOf(searched).slice(3, 6));
    expect(page.total).toBe(8);
    const counted = await list({ category: category.slug, sort: 'newest', pageSize: 2 });
    expect(slugsOf(counted)).toEqual(slugsOf(inCategory).slice(0, 2));
    expect(counted.total).toBe(5);
    const correctedPage = await list({ q: typo, pageSize: 7 });
    expect(correctedPage.correction).toEqual({ query: word, applied: true });
    expect(slugsOf(correctedPage)).toEqual(slugsOf(searched).slice(0, 7));
    expect(correctedPage.total).toBe(8);
    const namesPage = await list({ q: 'quorvantixx', pageSize: 4 });
    expect(slugsOf(namesPage)).toEqual(slugsOf(byNames).slice(0, 4));
    // Sections have no API call of their own (the pages read them): asked of the service.
    const sections = await getProductSections(deps, [
      query({ category: category.slug, sort: 'newest', pageSize: 3 }),
      query({ category: category.slug, sort: 'popular', pageSize: 59 }),
    ]);
    expect(sections.map((section) => section.map((item) => item.slug))).toEqual([
      slugsOf(inCategory).slice(0, 3),
      slugsOf(popular),
    ]);
  });
});
