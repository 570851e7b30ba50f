import { GetProductsInputSchema } from '@everdeal/contracts';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { getProducts } from './catalog.service';

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

describe('getProducts for a section', () => {
  it('answers the same products as the list, without counting the total', async () => {
    const category = await createCategory(t.db);
    for (let i = 0; i < 3; i++) await createProduct(t.db, { categoryId: category.id });
    const deps = { db: t.db, now: () => new Date() };
    const query = GetProductsInputSchema.parse({ category: category.slug, pageSize: 2 });

    statements = [];
    const list = await getProducts(deps, query);
    expect(list.total).toBe(3);
    expect(statements.some(countsTotal)).toBe(true);

    statements = [];
    const section = await getProducts(deps, query, { countTotal: false });
    expect(section.items.map((item) => item.id)).toEqual(list.items.map((item) => item.id));
    expect(statements.some(countsTotal)).toBe(false);
    expect(statements).toHaveLength(2);
  });
});
