import { AFFILIATE_REF_PARAM } from '@everdeal/contracts/constants';
import { NotFoundPageText } from '@everdeal/contracts/messages';
import { productUpdates, questions, users } from '@everdeal/db';
import { createBlogPost, createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type PageRoute, pageRoutes, searchParamNamesRead } from '../../test/page-routes';

/**
 * Every page of the web app's route table (apps/web/app/routes.ts) answers hostile path and query
 * values below 500 and logs no error (requirements §8; decision 008): an invalid slug or id is
 * simply not found. Pages render through the real server (`app.inject`; the web build when it is
 * current, else the sources through Vite, test/web-build.ts), and the pages come from the route
 * table, so a page added to it is fuzzed without a test change. A fixed seed by default;
 * FUZZ_RUNS scales the cases per page, FUZZ_SEED replays a run (fast-check prints the seed).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
// The first render of a page compiles its modules (a second or two); later ones take milliseconds.
const TIMEOUT_MS = Math.max(30_000, RUNS * 500);

/** The search parameters sent to every page: those the web app reads, and those of its links. */
const QUERY_NAMES = [
  'q',
  'page',
  'pageSize',
  'sort',
  'category',
  'status',
  'minPrice',
  'maxPrice',
  'minRating',
  'planKind',
  'byoKey',
  'hasCredits',
  'tag',
  'product',
  'token',
  'order',
  'orderId',
  'step',
  'subject',
  'redirect',
  'seller',
  // The seller analytics' range (`/seller/analytics?range=7`; `product` is above).
  'range',
  // The admin support inbox's filter (`/admin/tickets?assignee=me`).
  'assignee',
  // The audit log's filters (`/admin/audit?actor=…&action=product&target=product&targetId=12&from=…&to=…`).
  'actor',
  'action',
  'target',
  'targetId',
  'from',
  'to',
  // A page of a user's store credit history on their admin page (`/admin/users/:userId?credit=2`);
  // the shopper's own history pages by `page` (`/user/credit?page=2`).
  'credit',
  // The VAT report's quarter (`/admin/vat?year=2026&quarter=3`, decision 048).
  'year',
  'quarter',
  AFFILIATE_REF_PARAM,
];

let t: TestApp;
const logLines: string[] = [];
/** Real names for each kind of parameter, so cases reach past "not found" into the pages. */
const known = { productSlug: '', categorySlug: '', postSlug: '', ids: [] as number[] };

beforeAll(async () => {
  t = await createTestApp({ withPages: true, logStream: { write: (line) => logLines.push(line) } });
  const category = await createCategory(t.db, { name: 'Fuzz Pages' });
  const seller = await createSeller(t.db);
  const product = await createProduct(t.db, {
    slug: 'bulk-writer',
    categoryId: category.id,
    sellerId: seller.id,
    plans: [{ codes: 3 }],
  });
  const post = await createBlogPost(t.db);
  // A question and an update of the product, so /question/:id and /update/:id can find one.
  const [author] = await t.db
    .insert(users)
    .values({ email: 'fuzz-author@example.com', firstName: 'Fuzz', passwordHash: '$argon2id$unused' })
    .returning();
  const now = new Date();
  const [question] = await t.db
    .insert(questions)
    .values({ productId: product.id, userId: author?.id ?? '', title: 'Does it?', body: 'It does.', createdAt: now })
    .returning();
  const [update] = await t.db
    .insert(productUpdates)
    .values({ productId: product.id, title: 'v2', body: 'New **things**.', createdAt: now })
    .returning();
  Object.assign(known, {
    productSlug: product.slug,
    categorySlug: category.slug,
    postSlug: post.slug,
    ids: [question?.id ?? 1, update?.id ?? 1, product.plans[0]?.id ?? 1],
  });
}, 120_000);
afterAll(() => t?.close());

/** A value written into the URL as it stands (already percent-encoded, or deliberately not). */
type Raw = { raw: string };

const hostileText = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'Bulk-Writer',
      'UPPER',
      'abc def',
      ' a',
      '\u0000',
      'a\u0000b',
      'a/b',
      '..',
      '.',
      '-',
      'a--b',
      '0',
      '1',
      '-1',
      '2147483648',
      '99999999999999999999999',
      '1e308',
      '1.5',
      'NaN',
      'Infinity',
      '0x10',
      'true',
      'ünïcödé',
      '日本語',
      '🙂',
      '\ud800',
      '\u202e\u2066',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '__proto__',
      'constructor',
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(500, 1000, 5000).map((length) => 'a'.repeat(length)) },
  { weight: 1, arbitrary: fc.constantFrom(500, 5000).map((length) => 'Ab-'.repeat(length / 3)) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
);

/** Percent-escapes already in place: a NUL, an encoded slash, dots, broken escapes. */
const rawEscapes: fc.Arbitrary<Raw> = fc
  .constantFrom('%00', '%2F', 'a%2Fb', '%2e%2e', '%2E', '%', '%ZZ', '%E0%A4%A', '%C0%AE', '%FF', '..%2F..%2Fetc')
  .map((raw) => ({ raw }));

/** Percent-encodes any string, lone surrogates included (they become U+FFFD as a browser sends them). */
function encode(value: string): string {
  return [...new TextEncoder().encode(value)]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

function valueArbitrary(valid: string[]): fc.Arbitrary<string | Raw> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 1, arbitrary: rawEscapes },
    // The real names, in upper case too: a page must find, redirect or not find them, never fail.
    { weight: 2, arbitrary: fc.constantFrom(...valid, ...valid.map((value) => value.toUpperCase())) },
  );
}

/** Real values for a path parameter, by its name and the page it belongs to. */
function validValuesFor(route: PageRoute, param: string): string[] {
  if (param === 'slug' && route.pattern.startsWith('/categories')) return [known.categorySlug];
  if (param === 'slug' && route.pattern.startsWith('/blog')) return [known.postSlug];
  if (param === 'slug') return [known.productSlug];
  return [...known.ids.map(String), '00000000-0000-0000-0000-000000000000'];
}

const asUrlPart = (value: string | Raw) => (typeof value === 'string' ? encode(value) : value.raw);

const queryArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...QUERY_NAMES),
      valueArbitrary(['1', '2', 'trending', 'price-asc', 'lifetime', 'true', 'checkout', 'me', 'awaiting_reply']),
    ),
    { maxLength: 6 },
  )
  // Names may repeat: `?page=1&page=2` reaches a loader as two values.
  .map((pairs) => pairs.map(([name, value]) => `${name}=${asUrlPart(value)}`).join('&'));

function caseArbitrary(route: PageRoute) {
  return fc.record({
    params: fc.tuple(...route.params.map((param) => valueArbitrary(validValuesFor(route, param)))),
    query: queryArbitrary,
    // Pages for signed-in users answer differently with the session hint (decision 017).
    signedInHint: fc.boolean(),
  });
}

function urlOf(route: PageRoute, params: (string | Raw)[], query: string): string {
  let index = 0;
  const path = route.pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment === '*' ? asUrlPart(params[index++] ?? '') : segment))
    .join('/');
  return query ? `${path}?${query}` : path;
}

const consoleErrors = (globalThis as typeof globalThis & { [key: symbol]: { recorded: string[] } | undefined })[
  Symbol.for('everdeal.test.consoleErrorRecorder')
];

/** One case: an answer below 500, and no error logged by the server or the render. */
async function expectPage(url: string, signedInHint: boolean) {
  const errorsBefore = consoleErrors?.recorded.length ?? 0;
  logLines.length = 0;
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: signedInHint ? { cookie: 'everdeal_signed_in=1' } : {},
  });
  const what = `GET ${url.slice(0, 300)} answered ${response.statusCode}`;
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(consoleErrors?.recorded.slice(errorsBefore) ?? [], `${what} and logged an error`).toEqual([]);
  const errorLines = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
  expect(errorLines, `${what} and logged an error`).toEqual([]);
}

describe('a product page addressed by a slug that is not a product slug', () => {
  const pages = ['', '/reviews', '/questions', '/updates', '/community'];

  it.each(pages)('/products/Bulk-Writer%s is a 301 to the lower-case address of the product', async (page) => {
    const response = await t.app.inject({ method: 'GET', url: `/products/Bulk-Writer${page}?page=1` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/products/bulk-writer${page}?page=1`);
  });

  const unknown = [
    'No-Such-Deal',
    'abc%20def',
    'a'.repeat(500),
    'bulk-writer%00',
    '%2Fbulk-writer',
    '..%2Fbulk-writer',
  ];
  it.each(pages.flatMap((page) => unknown.map((slug) => [page, slug] as const)))(
    '/products/<slug>%s with %s is the 404 page',
    async (page, slug) => {
      const response = await t.app.inject({ method: 'GET', url: `/products/${slug}${page}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain(NotFoundPageText.title);
    },
  );
});

describe('the route table', () => {
  it('has pages to fuzz, each path pattern once', () => {
    expect(pageRoutes.length).toBeGreaterThan(40);
    expect(new Set(pageRoutes.map((route) => route.pattern)).size).toBe(pageRoutes.length);
  });

  it('knows real rows, so valid cases reach the pages themselves', async () => {
    const [questionId, updateId] = known.ids;
    for (const url of [
      `/products/${known.productSlug}`,
      `/products/${known.productSlug}/question/${questionId}`,
      `/products/${known.productSlug}/update/${updateId}`,
      `/categories/${known.categorySlug}`,
      `/blog/${known.postSlug}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('sends every search parameter the web app reads', () => {
    expect(QUERY_NAMES).toEqual(expect.arrayContaining(searchParamNamesRead()));
  });
});

describe.each(pageRoutes.map((route) => [route.pattern, route] as const))('%s', (_pattern, route) => {
  it(`answers ${RUNS} hostile addresses below 500 without logging an error`, { timeout: TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary(route), async ({ params, query, signedInHint }) => {
        await expectPage(urlOf(route, params, query), signedInHint);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
