// Lists: paging, search, filters and sorts. Summaries and deal status are in
// catalog-summaries.test.ts; getProduct and getCategories in catalog-detail.test.ts.
import type { ProductSort } from '@everdeal/contracts';
import { createProduct, createSeller } from '@everdeal/db/seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpCatalogApp } from '../../../test/catalog';

const catalog = setUpCatalogApp();
const { getProducts, ownCategory, uniqueWord } = catalog;

describe('getProducts paging', () => {
  it('pages with total, page and pageSize, and past the end is empty with the right total', async () => {
    const category = await ownCategory();
    for (let i = 0; i < 5; i++) await createProduct(catalog.t.db, { categoryId: category.id, name: `Paged ${i}` });

    const first = await getProducts({ category: category.slug, pageSize: 2, sort: 'newest' });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);

    const third = await getProducts({ category: category.slug, pageSize: 2, page: 3, sort: 'newest' });
    expect(third).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(third.items).toHaveLength(1);

    const past = await getProducts({ category: category.slug, pageSize: 2, page: 4, sort: 'newest' });
    expect(past).toEqual({
      items: [],
      total: 5,
      page: 4,
      pageSize: 2,
      suggestions: [],
      correction: null,
      categorySuggestions: [],
    });

    const farPast = await getProducts({ category: category.slug, page: 1000 });
    expect(farPast).toMatchObject({ items: [], total: 5, page: 1000, pageSize: 24 });

    // Pages together hold every product once.
    const slugs = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      for (const item of (await getProducts({ category: category.slug, pageSize: 2, page, sort: 'newest' })).items)
        slugs.add(item.slug);
    }
    expect(slugs.size).toBe(5);
  });

  it('an empty result has total 0', async () => {
    const category = await ownCategory();
    expect(await getProducts({ category: category.slug })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 24,
      suggestions: [],
      correction: null,
      categorySuggestions: [],
    });
    expect(await getProducts({ category: category.slug, page: 3 })).toEqual({
      items: [],
      total: 0,
      page: 3,
      pageSize: 24,
      suggestions: [],
      correction: null,
      categorySuggestions: [],
    });
  });

  it('the default page size is 24', async () => {
    const data = await getProducts({});
    expect(data.pageSize).toBe(24);
    expect(data.page).toBe(1);
  });
});

describe('getProducts search', () => {
  it('matches words of the name or the tagline, case-insensitively', async () => {
    const word = uniqueWord();
    const byName = await createProduct(catalog.t.db, { name: `Writer ${word.toUpperCase()} Pro`, tagline: 'Drafts' });
    const byTagline = await createProduct(catalog.t.db, { name: 'Something else', tagline: `Makes ${word} easy` });
    await createProduct(catalog.t.db, { name: 'Unrelated', tagline: 'Nothing to see' });

    const data = await getProducts({ q: word, sort: 'newest' });
    expect(data.total).toBe(2);
    expect(data.items.map((item) => item.slug).sort()).toEqual([byName.slug, byTagline.slug].sort());

    const upper = await getProducts({ q: `  ${word.toUpperCase()}  ` });
    expect(upper.total).toBe(2);
  });

  it('several words must all match (AND), in name or tagline', async () => {
    const a = uniqueWord();
    const b = uniqueWord();
    const both = await createProduct(catalog.t.db, { name: `Alpha ${a}`, tagline: `with ${b}` });
    await createProduct(catalog.t.db, { name: `Only ${a}` });
    await createProduct(catalog.t.db, { name: `Only ${b}` });

    const data = await getProducts({ q: `${b} ${a}` });
    expect(data.items.map((item) => item.slug)).toEqual([both.slug]);
    expect(data.total).toBe(1);
  });

  it('reads punctuation and query operators as plain text, never as syntax', async () => {
    const word = uniqueWord();
    const product = await createProduct(catalog.t.db, { name: `${word} 100% Off` });
    for (const q of [`${word} %`, `${word} & | ! :* ( ) '`, `${word}\\`, `"${word}"`]) {
      expect((await getProducts({ q })).items.map((item) => item.slug)).toEqual([product.slug]);
    }
  });

  it('finds nothing for an unknown word', async () => {
    expect(await getProducts({ q: uniqueWord() })).toMatchObject({ items: [], total: 0 });
  });
});

describe('getProducts category filter', () => {
  it('lists only the products of that category', async () => {
    const tools = await ownCategory('Tools');
    const other = await ownCategory('Other');
    const inTools = await createProduct(catalog.t.db, { categoryId: tools.id });
    await createProduct(catalog.t.db, { categoryId: other.id });

    const data = await getProducts({ category: tools.slug });
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({ slug: inTools.slug, category: { slug: tools.slug, name: 'Tools' } });
  });

  it('an unknown category is an empty list', async () => {
    expect(await getProducts({ category: 'no-such-category' })).toMatchObject({ items: [], total: 0 });
  });
});

// Some of these deals ended before the test clock; `status: 'all'` lists them (decision 003).
describe('getProducts sorting', () => {
  let categorySlug: string;
  const names: Record<string, string> = {};

  beforeAll(async () => {
    const category = await ownCategory();
    categorySlug = category.slug;
    const seller = await createSeller(catalog.t.db);
    const base = { categoryId: category.id, sellerId: seller.id };
    const day = (n: number) => new Date(Date.UTC(2029, 0, n));
    // Each product wins exactly one ordering, so every sort is told apart.
    const rows = [
      {
        key: 'A',
        isFeatured: true,
        upvoteCount: 1,
        createdAt: day(1),
        ratingTotal: 6,
        reviewCount: 2, // 3.0
        endsAt: null,
        price: 5000,
      },
      {
        key: 'B',
        isFeatured: false,
        upvoteCount: 50,
        createdAt: day(2),
        ratingTotal: 8,
        reviewCount: 2, // 4.0
        endsAt: day(200),
        price: 1000,
      },
      {
        key: 'C',
        isFeatured: true,
        upvoteCount: 10,
        createdAt: day(5),
        ratingTotal: 0,
        reviewCount: 0, // 0
        endsAt: day(100),
        price: 9000,
      },
      {
        key: 'D',
        isFeatured: false,
        upvoteCount: 5,
        createdAt: day(3),
        ratingTotal: 14,
        reviewCount: 3, // 4.7
        endsAt: day(50),
        price: 3000,
      },
    ];
    for (const row of rows) {
      const product = await createProduct(catalog.t.db, {
        ...base,
        name: `Sort ${row.key}`,
        isFeatured: row.isFeatured,
        upvoteCount: row.upvoteCount,
        createdAt: row.createdAt,
        ratingTotal: row.ratingTotal,
        reviewCount: row.reviewCount,
        endsAt: row.endsAt,
        // A more expensive plan first: the price that sorts is the cheapest plan's.
        plans: [
          { name: 'Big', priceCents: row.price * 3, originalPriceCents: row.price * 10, codes: 1 },
          { name: 'Small', priceCents: row.price, originalPriceCents: row.price * 4, codes: 1 },
        ],
      });
      names[product.slug] = row.key;
    }
  });

  const orderOf = async (sort: ProductSort) =>
    (await getProducts({ category: categorySlug, sort, status: 'all' })).items.map((item) => names[item.slug]).join('');

  it.each([
    ['featured', 'CABD'], // featured first, then by upvotes
    ['newest', 'CDBA'],
    ['popular', 'BCDA'],
    ['rating', 'DBAC'],
    ['price-asc', 'BDAC'],
    ['price-desc', 'CADB'],
    ['ending-soon', 'DCBA'], // no end date last
  ] as [ProductSort, string][])('sort %s orders %s', async (sort, expected) => {
    expect(await orderOf(sort)).toBe(expected);
  });

  it('featured is the default sort', async () => {
    expect(
      (await getProducts({ category: categorySlug, status: 'all' })).items.map((item) => names[item.slug]).join(''),
    ).toBe('CABD');
  });

  it('rating is the average of the stars, rounded to one decimal', async () => {
    const items = (await getProducts({ category: categorySlug, sort: 'rating', status: 'all' })).items;
    expect(items.map((item) => [names[item.slug], item.rating, item.reviewCount])).toEqual([
      ['D', 4.7, 3],
      ['B', 4, 2],
      ['A', 3, 2],
      ['C', 0, 0],
    ]);
  });
});
