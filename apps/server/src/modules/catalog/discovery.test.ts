// Discovery (requirements §10): trending ranking, search, filters, bounds and statement counts;
// through HTTP on a fresh database (decision 003). The sitemap, robots.txt and the synthetic seeder
// are discovery-sitemap.test.ts's.
import { randomBytes } from 'node:crypto';
import type { ProductList } from '@everdeal/contracts';
import { licenseCodes, products, upvotes, users } from '@everdeal/db';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { refreshTrendingScores } from './trending';

const DAY_MS = 86_400_000;
const PUBLIC_URL = 'https://shop.example';
const clock = new Date('2030-01-01T12:00:00Z');
let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { PUBLIC_URL },
    onQuery: (query) => statements.push(query),
  });
  // The sale schedule is read once and kept until a sale changes it (decision 042): from here on a
  // catalogue load sends only its own statements, which the tests below count.
  await callApi(t.app, 'sales/getCurrentSale', {});
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

async function list(payload: object): Promise<ProductList> {
  const { status, body } = await callApi<ProductList>(t.app, 'products/getProducts', payload);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const slugs = async (payload: object) => (await list(payload)).items.map((item) => item.slug);
const uniqueWord = () => `zq${randomBytes(4).toString('hex')}`;
const daysAgo = (days: number) => new Date(clock.getTime() - days * DAY_MS);

async function createShoppers(count: number): Promise<string[]> {
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: count }, () => ({ email: `${uniqueWord()}@shoppers.example` })))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

describe('trending', () => {
  it('ranks recent upvotes and sales above old ones, and leaves out ended and upcoming deals', async () => {
    const category = await createCategory(t.db);
    const make = (name: string, extra: object = {}) =>
      createProduct(t.db, { categoryId: category.id, name, createdAt: daysAgo(90), ...extra });
    const recentVotes = await make('Recent votes');
    const oldVotes = await make('Old votes');
    const recentSales = await make('Recent sales', {
      plans: [{ priceCents: 1000, originalPriceCents: 5000, codes: 5 }],
    });
    const quiet = await make('Quiet');
    const ended = await make('Ended', { endsAt: daysAgo(1) });
    const upcoming = await make('Upcoming', { dealStatus: 'upcoming' });

    const shoppers = await createShoppers(5);
    const vote = (productId: number, at: Date) => shoppers.map((userId) => ({ userId, productId, createdAt: at }));
    await t.db
      .insert(upvotes)
      .values([
        ...vote(recentVotes.id, daysAgo(1)),
        ...vote(oldVotes.id, daysAgo(40)),
        ...vote(ended.id, daysAgo(2)),
        ...vote(upcoming.id, daysAgo(1)),
      ]);
    // 3 sales a day ago weigh 3 × 3 = 9 (decayed), more than 5 upvotes a day ago.
    const codes = await t.db
      .select({ id: licenseCodes.id })
      .from(licenseCodes)
      .where(eq(licenseCodes.planId, recentSales.plans[0]?.id ?? 0))
      .limit(3);
    await t.db
      .update(licenseCodes)
      .set({ status: 'allocated', allocatedAt: daysAgo(1) })
      .where(
        inArray(
          licenseCodes.id,
          codes.map((code) => code.id),
        ),
      );
    expect(await refreshTrendingScores(t.db, clock)).toBe(true);

    const names = new Map(
      [recentVotes, oldVotes, recentSales, quiet, ended, upcoming].map((product) => [product.slug, product.name]),
    );
    for (const status of ['current', 'all'] as const) {
      const order = (await slugs({ category: category.slug, sort: 'trending', status })).map((slug) => names.get(slug));
      expect(order).toEqual(['Recent sales', 'Recent votes', 'Old votes', 'Quiet']);
    }
  });

  it('the all-time upvote count is a small prior that orders products without recent activity', async () => {
    const category = await createCategory(t.db);
    const many = await createProduct(t.db, { categoryId: category.id, upvoteCount: 900 });
    const few = await createProduct(t.db, { categoryId: category.id, upvoteCount: 3 });
    await refreshTrendingScores(t.db, clock);
    expect(await slugs({ category: category.slug, sort: 'trending' })).toEqual([many.slug, few.slug]);
    const [row] = await t.db.select({ score: products.trendingScore }).from(products).where(eq(products.id, many.id));
    expect(row?.score).toBeCloseTo(0.5 * Math.log(901), 5);
  });
});

describe('search', () => {
  const word = uniqueWord();
  const tagWord = uniqueWord();
  const categoryWord = uniqueWord();
  let exact: { slug: string };
  let byTagline: { slug: string };
  let byDescription: { slug: string };
  let byTag: { slug: string };
  let byCategory: { slug: string };
  let typo: { slug: string };

  beforeAll(async () => {
    const category = await createCategory(t.db, { name: `Podcasting ${categoryWord}` });
    exact = await createProduct(t.db, { name: `Quillmaster ${word}`, tagline: 'Writes' });
    byTagline = await createProduct(t.db, { name: 'Other tool', tagline: `The ${word} companion` });
    byDescription = await createProduct(t.db, { name: 'Third tool', description: `Works well with ${word} files.` });
    byTag = await createProduct(t.db, { name: 'Tagged tool', tags: [tagWord] });
    byCategory = await createProduct(t.db, { name: 'Category tool', categoryId: category.id });
    typo = await createProduct(t.db, { name: 'Vexalorn Studio' });
  });

  it('finds a word in the name, tagline and description, name matches first', async () => {
    const found = await slugs({ q: word });
    // Weights: name A, tagline B, description C.
    expect(found).toEqual([exact.slug, byTagline.slug, byDescription.slug]);
  });

  it('pages through a search in order of relevance one order, each page with the total, within a category too', async () => {
    for (const [page, slug] of [exact.slug, byTagline.slug, byDescription.slug].entries()) {
      const found = await list({ q: word, pageSize: 1, page: page + 1 });
      expect(found.items.map((item) => item.slug)).toEqual([slug]);
      expect(found.total).toBe(3);
    }
    const inCategory = uniqueWord();
    const category = await createCategory(t.db);
    const byName = await createProduct(t.db, { name: `Ranked ${inCategory}`, categoryId: category.id });
    await createProduct(t.db, { name: `Elsewhere ${inCategory}` });
    const byText = await createProduct(t.db, {
      name: 'Ranked text',
      tagline: `For ${inCategory}`,
      categoryId: category.id,
    });
    const first = await list({ q: inCategory, category: category.slug, pageSize: 1 });
    expect(first.items.map((item) => [item.slug, item.category.slug])).toEqual([[byName.slug, category.slug]]);
    expect(first.total).toBe(2);
    const second = await list({ q: inCategory, category: category.slug, pageSize: 1, page: 2 });
    expect(second.items.map((item) => item.slug)).toEqual([byText.slug]);
    expect(second.total).toBe(2);
  });

  it('matches the last word as a prefix, so results come while typing', async () => {
    expect(await slugs({ q: 'quillmast' })).toContain(exact.slug);
    expect(await slugs({ q: `${word} quillm` })).toEqual([exact.slug]);
  });

  it('finds a word while it is typed past its English stem, as typed ("writin" finds writing)', async () => {
    // Letters only, with a vowel: the English stemmer takes "-ing" off such a word.
    const stem = `zo${uniqueWord().replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`;
    const product = await createProduct(t.db, { name: 'Stemmed tool', tagline: `Great at ${stem}ing` });
    for (const typed of [stem, `${stem}i`, `${stem}in`, `${stem}ing`, `stemmed ${stem}in`]) {
      const found = await list({ q: typed });
      expect(
        found.items.map((item) => item.slug),
        typed,
      ).toEqual([product.slug]);
      // Found as typed: no correction applied (one may be offered beside so few results).
      expect(found.correction?.applied ?? false, typed).toBe(false);
    }
  });

  it('matches tags and the category name', async () => {
    expect(await slugs({ q: tagWord })).toEqual([byTag.slug]);
    expect(await slugs({ q: `podcasting ${categoryWord}` })).toEqual([byCategory.slug]);
  });

  it('tolerates typos in a name through trigrams', async () => {
    expect(await slugs({ q: 'vexalrn' })).toEqual([typo.slug]);
    expect(await slugs({ q: 'Vexallorn studoi' })).toEqual([typo.slug]);
  });

  it('pages through the names a typo finds, and finds none where a filter hides the words', async () => {
    const series = `Zorvantic ${categoryWord}`;
    const category = await createCategory(t.db, { name: `Typo pages ${categoryWord}` });
    for (let i = 0; i < 5; i++) await createProduct(t.db, { name: `${series} ${i}`, categoryId: category.id });
    const typed = `zorvnatic ${categoryWord}`;
    for (const sort of [undefined, 'newest'] as const) {
      for (const [page, items] of [
        [1, 2],
        [3, 1],
        [4, 0],
      ] as const) {
        statements = [];
        const found = await list({ q: typed, pageSize: 2, page, ...(sort ? { sort } : {}) });
        expect(found.items, `${sort} page ${page}`).toHaveLength(items);
        expect(found.total, `${sort} page ${page}`).toBe(5);
        expect(found.items.every((item) => item.name.startsWith(series))).toBe(true);
        // A later page of a typo's names: the words' page and count, the names' count and page.
        expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
      }
    }
    // The words are a published product's, in another category: names are not looked for then.
    const other = await createCategory(t.db, { name: `Elsewhere ${categoryWord}` });
    expect((await list({ q: `zorvantic ${categoryWord}`, category: other.slug })).total).toBe(0);
    expect((await list({ q: 'vexalrn', category: category.slug })).items).toEqual([]);
  });

  it('suggests the closest names when nothing matches, and only then', async () => {
    // Too far for the typo match (similarity under 0.3), close enough to suggest (0.43).
    const none = await list({ q: 'vexqqqq' });
    expect(none.total).toBe(0);
    expect(none.suggestions[0]).toEqual({ slug: typo.slug, name: 'Vexalorn Studio' });
    expect((await list({ q: 'vexalorn' })).suggestions).toEqual([]);
    expect((await list({ q: 'xxxxxxxxxx' })).suggestions).toEqual([]);
  });

  it('with a query and no sort, orders by relevance; an explicit sort still applies', async () => {
    const newest = (await list({ q: word, sort: 'newest' })).items;
    expect(newest.map((item) => item.slug).sort()).toEqual([exact.slug, byTagline.slug, byDescription.slug].sort());
    const times = newest.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('filters', () => {
  let category: string;
  const names = new Map<string, string>();
  const namesOf = async (payload: object) =>
    (await slugs({ category, sort: 'price-asc', status: 'all', ...payload })).map((slug) => names.get(slug)).join(',');

  beforeAll(async () => {
    const created = await createCategory(t.db);
    category = created.slug;
    const add = async (name: string, extra: object) => {
      const product = await createProduct(t.db, { categoryId: created.id, name, ...extra });
      names.set(product.slug, name);
    };
    const plan = (priceCents: number, extra: object = {}) => ({
      priceCents,
      originalPriceCents: priceCents * 5,
      ...extra,
    });
    await add('A', {
      plans: [plan(1000)],
      reviewCount: 2,
      ratingTotal: 9,
      aiBringYourOwnKey: true,
      endsAt: new Date(clock.getTime() + 3_600_000),
    });
    await add('B', {
      plans: [plan(9000), plan(2000, { kind: 'subscription', billingInterval: 'month' })],
      reviewCount: 1,
      ratingTotal: 3,
      aiCreditsPerMonth: 5000,
    });
    await add('C', { plans: [plan(3000, { codes: 0 })], aiCreditsPerMonth: 0 });
    await add('D', { plans: [plan(4000)], dealStatus: 'upcoming' });
    await add('E', { plans: [plan(5000)], endsAt: new Date(clock.getTime() - 1000) });
  });

  it('price range on the cheapest first-year cost, both ends included', async () => {
    // B's $20/month costs $240 in its first year, so its $90 lifetime plan is its cheapest (decision 013).
    expect(await namesOf({ minPrice: 2000, maxPrice: 4000 })).toBe('C,D');
    expect(await namesOf({ minPrice: 9000, maxPrice: 9000 })).toBe('B');
    expect(await namesOf({ maxPrice: 1000 })).toBe('A');
  });

  it('minimum rating, plan kind, own key and credits', async () => {
    expect(await namesOf({ minRating: 4 })).toBe('A');
    expect(await namesOf({ minRating: 3 })).toBe('A,B');
    expect(await namesOf({ planKind: 'subscription' })).toBe('B');
    expect(await namesOf({ byoKey: true })).toBe('A');
    expect(await namesOf({ byoKey: 'false' })).toBe('C,D,E,B');
    expect(await namesOf({ hasCredits: true })).toBe('B');
    expect(await namesOf({ hasCredits: false })).toBe('A,C,D,E');
  });

  it('status: current by default, or one effective status', async () => {
    expect(await namesOf({ status: undefined })).toBe('A,C,B');
    expect(await namesOf({ status: 'live' })).toBe('A,B');
    expect(await namesOf({ status: 'ending-soon' })).toBe('A');
    expect(await namesOf({ status: 'sold-out' })).toBe('C');
    expect(await namesOf({ status: 'upcoming' })).toBe('D');
    expect(await namesOf({ status: 'ended' })).toBe('E');
  });

  it('sorts by price both ways, a subscription by what its first year costs', async () => {
    expect(await namesOf({})).toBe('A,C,D,E,B');
    expect(await namesOf({ sort: 'price-desc' })).toBe('B,E,D,C,A');
  });

  it.each([
    [{ page: -1 }, 'page: must be at least 1'],
    [{ pageSize: 1000 }, 'pageSize: must be at most 60'],
    [{ minPrice: 5000, maxPrice: 1000 }, 'minPrice: must not be greater than maxPrice'],
    [{ minPrice: -1 }, 'minPrice: must be at least 0'],
    [{ minRating: 6 }, 'minRating: must be at most 5'],
    [{ planKind: 'forever' }, /^planKind: /],
    [{ byoKey: 'maybe' }, 'byoKey: must be true or false'],
    [{ status: 'gone' }, /^status: /],
  ])('%j is a 422 naming the field', async (payload, message) => {
    const { status, body } = await callApi(t.app, 'products/getProducts', payload);
    expect(status).toBe(422);
    if (typeof message === 'string') expect(body.msg).toBe(message);
    else expect(body.msg).toMatch(message);
  });
});

describe('bounded SQL', () => {
  it('getProducts takes at most 3 statements whatever the page size, filters or search', async () => {
    for (let i = 0; i < 8; i++) await createProduct(t.db, { name: `Bounded ${i}` });
    const payloads = [
      { pageSize: 60 },
      { pageSize: 60, sort: 'price-asc', minPrice: 1, planKind: 'lifetime', minRating: 0 },
      { q: 'bounded', pageSize: 60 },
      { q: 'nothingmatcheshere', page: 5 },
      { page: 9999 },
      { sort: 'trending', status: 'live' },
    ];
    for (const payload of payloads) {
      statements = [];
      const data = await list(payload);
      expect(statements.length, `${JSON.stringify(payload)}: ${statements.join('\n')}`).toBeLessThanOrEqual(3);
      if ('pageSize' in payload) expect(data.items.length).toBeGreaterThan(0);
    }
  });

  it('a search in order of relevance counts its matches in its page statement, on every page', async () => {
    for (let i = 0; i < 5; i++) await createProduct(t.db, { name: `Countinpage ${i}` });
    for (const [payload, items] of [
      [{ q: 'countinpage', pageSize: 2 }, 2],
      [{ q: 'countinpage', pageSize: 2, page: 3 }, 1],
      [{ q: 'countinpage', pageSize: 2, page: 4 }, 0],
    ] as const) {
      statements = [];
      const data = await list(payload);
      expect(data.items).toHaveLength(items);
      expect(data.total, JSON.stringify(payload)).toBe(5);
      // A page past the end has no row to carry the count: the count statement answers it.
      expect(statements.length, statements.join('\n')).toBe(items === 0 ? 2 : 1);
    }
    // Sorted otherwise, the page walks its sort's index and stops: the count is its own statement.
    statements = [];
    expect((await list({ q: 'countinpage', pageSize: 2, sort: 'newest' })).total).toBe(5);
    expect(statements).toHaveLength(2);
  });

  it('getProduct takes at most 3 statements', async () => {
    const product = await createProduct(t.db, { plans: [{}, {}, {}] });
    statements = [];
    const { status } = await callApi(t.app, 'products/getProduct', { slug: product.slug });
    expect(status).toBe(200);
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});
