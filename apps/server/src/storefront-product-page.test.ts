// The product page's reads (routes/product.tsx through storefront-load-context.ts): a page whose
// answers are not kept reads its product, then its related deals and its community previews at
// once, three statements whatever the lists hold (docs/benchmarks.md, "Product page against its
// render floor", has what each costs). With the catalogue's answers kept, only the previews are
// read, and the page shows the same either way.
import { questions, reviews, users } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { createDeal } from '../test/shop';

let t: TestApp;
const statements: string[] = [];

beforeAll(async () => {
  // Catalogue answers kept and no page (the page cache runs in production only): every request
  // renders, and a product's first render finds nothing kept.
  t = await createTestApp({
    withPages: true,
    env: { CATALOG_CACHE_TTL_MS: '600000' },
    onQuery: (query) => statements.push(query),
  });
  // The first render of the app's life also reads the sale schedule, kept after (decision 042).
  await t.app.inject({ method: 'GET', url: '/products/warm-up' });
  // Building the app with its pages takes long on a busy host.
}, 180_000);
afterAll(() => t?.close());

/** A product of a category of its own, with a review and a question, written straight in (no write's mail runs beside the reads). */
async function productWithCommunity() {
  const category = await createCategory(t.db);
  const { product } = await createDeal(t.db, { categoryId: category.id });
  const [author] = await t.db
    .insert(users)
    .values({ email: uniqueEmail('author'), firstName: 'Ana' })
    .returning({ id: users.id });
  const base = { productId: product.id, userId: author?.id ?? '', createdAt: new Date() };
  await t.db
    .insert(reviews)
    .values({ ...base, rating: 5, title: 'Replaced three tools', body: 'Fast.', updatedAt: base.createdAt });
  await t.db.insert(questions).values({ ...base, title: 'Is there an API?', body: '' });
  return product;
}

/** Renders the page; answers its HTML and the statements it sent. */
async function render(url: string) {
  statements.length = 0;
  const answer = await t.app.inject({ method: 'GET', url });
  return { status: answer.statusCode, html: answer.body, headers: answer.headers, statements: [...statements] };
}

const showsCommunity = (html: string) => {
  expect(html).toContain('Replaced three tools');
  expect(html).toContain('Is there an API?');
};

describe('the product page reads', () => {
  it('three statements with nothing kept, then the previews alone while the catalogue answers are kept', async () => {
    const product = await productWithCommunity();
    const url = `/products/${product.slug}`;
    const first = await render(url);
    expect(first.status).toBe(200);
    expect(first.html).toContain(product.name);
    showsCommunity(first.html);
    // Beside the page's three, the answer cache's two probes of the category's next deal moment
    // (when its related deals turn "ending soon" or end, decision 044), kept for the category after.
    const moments = first.statements.filter((text) => text.includes('min("products"."ends_at")'));
    expect(moments).toHaveLength(2);
    const reads = first.statements.filter((text) => !moments.includes(text));
    expect(reads).toHaveLength(3);
    // The product by its slug first: the other two need its id and category.
    expect(reads[0]).toMatch(/"products"\."slug" = \$1/);
    expect(reads.filter((text) => text.includes('"reviews"'))).toHaveLength(1);

    const second = await render(url);
    expect(second.status).toBe(200);
    showsCommunity(second.html);
    // The product and its related deals from memory; the previews are no catalogue answer.
    expect(second.statements).toHaveLength(1);
    expect(second.statements[0]).toContain('"reviews"');
  });

  it('an unknown slug is the 404 page, a slug in capitals a 301 to the lower-case address', async () => {
    const product = await productWithCommunity();
    expect((await render('/products/no-such-deal')).status).toBe(404);
    const moved = await render(`/products/${product.slug.toUpperCase()}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/products/${product.slug}`);
  });
});
