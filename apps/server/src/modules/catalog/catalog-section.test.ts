import { GetProductsInputSchema } from '@everdeal/contracts';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createSaleSchedule } from '../sales';
import { getProductSections, getProducts } from './catalog.service';

// A section of a page (the home page's lists, a product's related deals) shows no total, so
// `countTotal: false` leaves out the count statement a full page otherwise costs.
let t: TestApp;
let statements: string[] = [];
// The total's statement; the plans' statement counts each plan's codes, which is not a total.
const countsTotal = (statement: string) => /^select count\(\*\) from "products"/i.test(statement);

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => statements.push(query) });
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

/** The services' own, with the sale schedule kept as the app keeps it: read by the first load only. */
const catalogDeps = () => ({
  db: t.db,
  now: () => new Date(),
  saleSchedule: createSaleSchedule({ db: t.db, maxAgeMs: 600_000, keep: true }),
});

describe('getProducts for a section', () => {
  it('answers the same products as the list, without counting the total', async () => {
    const category = await createCategory(t.db);
    for (let i = 0; i < 3; i++) await createProduct(t.db, { categoryId: category.id });
    const deps = catalogDeps();
    const query = GetProductsInputSchema.parse({ category: category.slug, pageSize: 2 });

    statements = [];
    const list = await getProducts(deps, query);
    expect(list.total).toBe(3);
    expect(statements.some(countsTotal)).toBe(true);

    statements = [];
    const section = await getProducts(deps, query, { countTotal: false });
    expect(section.items.map((item) => item.id)).toEqual(list.items.map((item) => item.id));
    expect(statements.some(countsTotal)).toBe(false);
    // The plans come with the page.
    expect(statements).toHaveLength(1);
  });

  it('answers several sections in one statement, each as getProducts orders it', async () => {
    const category = await createCategory(t.db);
    const soon = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 4; i++) {
      await createProduct(t.db, { categoryId: category.id, upvoteCount: 10 * i, endsAt: i % 2 ? soon : null });
    }
    const deps = catalogDeps();
    const queries = [
      { sort: 'popular', pageSize: 3 },
      { sort: 'newest', category: category.slug, pageSize: 2 },
      { sort: 'ending-soon', status: 'ending-soon', pageSize: 5 },
      { sort: 'featured', category: 'no-such-category', pageSize: 4 },
    ].map((query) => GetProductsInputSchema.parse(query));

    const expected = [];
    for (const query of queries) expected.push((await getProducts(deps, query, { countTotal: false })).items);
    statements = [];
    const sections = await getProductSections(deps, queries);
    expect(statements).toHaveLength(1);
    expect(sections).toEqual(expected);
    expect(sections.map((section) => section.length)).toEqual([3, 2, 2, 0]);
  });
});
