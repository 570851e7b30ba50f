// Search that forgives (requirements §10, decision 003): the catalogue's vocabulary (migration 0013) follows every
// write to products, and a search that found nothing or little is corrected against it, within
// getProducts' three statements (four when nothing is found at all: decision 003). Through HTTP
// on a fresh database.
import type { ProductList } from '@everdeal/contracts';
import { categories, products, searchWords } from '@everdeal/db';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { suggestCategories } from './search-correction';

let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => statements.push(query) });
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

async function counts(words: string[]): Promise<Record<string, number>> {
  const rows = await t.db.select().from(searchWords).where(inArray(searchWords.word, words));
  return Object.fromEntries(rows.map((row) => [row.word, row.productCount]));
}

describe('the vocabulary', () => {
  it('counts the words of published products and follows every change', async () => {
    const category = await createCategory(t.db, { name: 'Gizmology' });
    const first = await createProduct(t.db, {
      categoryId: category.id,
      name: 'Zorblax',
      tagline: 'Transcribes meetings',
      tags: ['minutes'],
      description: 'See https://zorblax.example/docs or write to help@zorblax.example; state-of-the-art 2024.',
    });
    await createProduct(t.db, { categoryId: category.id, name: 'Quibbet', tagline: 'Transcribes lectures' });
    expect(await counts(['zorblax', 'quibbet', 'transcribes', 'meetings', 'minutes', 'gizmology'])).toEqual({
      zorblax: 1,
      quibbet: 1,
      transcribes: 2,
      meetings: 1,
      minutes: 1,
      gizmology: 2,
    });
    // Compound tokens and numbers are not words; their parts are.
    expect(await counts(['state-of-the-art', 'zorblax.example', '2024', 'state', 'art'])).toEqual({ state: 1, art: 1 });

    await t.db
      .update(products)
      .set({ name: 'Zorblaxx', tagline: 'Summarises meetings' })
      .where(eq(products.id, first.id));
    expect(await counts(['zorblax', 'zorblaxx', 'transcribes', 'summarises'])).toEqual({
      zorblaxx: 1,
      transcribes: 1,
      summarises: 1,
    });
    await t.db.update(categories).set({ name: 'Gadgetry' }).where(eq(categories.id, category.id));
    expect(await counts(['gizmology', 'gadgetry'])).toEqual({ gadgetry: 2 });

    await t.db.update(products).set({ isPublished: false }).where(eq(products.id, first.id));
    expect(await counts(['zorblaxx', 'gadgetry'])).toEqual({ gadgetry: 1 });
    await t.db.update(products).set({ isPublished: true }).where(eq(products.id, first.id));
    expect(await counts(['zorblaxx', 'gadgetry'])).toEqual({ zorblaxx: 1, gadgetry: 2 });

    await t.db.delete(products).where(eq(products.id, first.id));
    expect(await counts(['zorblaxx', 'meetings', 'gadgetry'])).toEqual({ gadgetry: 1 });
  });

  it('is not touched by writes that leave the search document alone', async () => {
    const product = await createProduct(t.db, { name: 'Plinkett' });
    statements = [];
    await t.db.update(products).set({ upvoteCount: 5, trendingScore: 2 }).where(eq(products.id, product.id));
    expect(await counts(['plinkett'])).toEqual({ plinkett: 1 });
  });
});

describe('search that forgives', () => {
  beforeAll(async () => {
    const chatbots = await createCategory(t.db, { name: 'Chatbots', slug: 'chatbots-t' });
    const voice = await createCategory(t.db, { name: 'Voice', slug: 'voice-t' });
    for (const [name, tagline] of [
      ['Talkative', 'A chatbot for support desks'],
      ['Helpwise', 'Answers customers with a chatbot'],
      ['Deskmate', 'The chatbot that books meetings'],
    ] as const) {
      await createProduct(t.db, { categoryId: chatbots.id, name, tagline });
    }
    await createProduct(t.db, {
      categoryId: voice.id,
      name: 'Cleanwave',
      tagline: 'Remove background noise from podcasts',
    });
    await createProduct(t.db, { categoryId: voice.id, name: 'Narratrix', tagline: 'Clone a voice for narration' });
  });

  it('answers the corrected query when nothing matched what was typed, in three statements', async () => {
    const found = await list({ q: 'remove backgroud' });
    expect(found.correction).toEqual({ query: 'remove background', applied: true });
    expect(found.items.map((item) => item.name)).toEqual(['Cleanwave']);
    expect(found.total).toBe(1);
    expect(found.items[0]?.plans.length).toBeGreaterThan(0);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);

    statements = [];
    const voice = await list({ q: 'vioce' });
    expect(voice.correction).toEqual({ query: 'voice', applied: true });
    expect(voice.items.map((item) => item.name).sort()).toEqual(['Cleanwave', 'Narratrix']);
    expect(voice.categorySuggestions).toEqual([{ slug: 'voice-t', name: 'Voice' }]);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('suggests the category a corrected word names', async () => {
    const found = await list({ q: 'chatbott' });
    expect(found.correction?.applied).toBe(true);
    expect(found.total).toBe(3);
    expect(found.categorySuggestions).toEqual([{ slug: 'chatbots-t', name: 'Chatbots' }]);
  });

  it('keeps filters and sorts on the corrected query', async () => {
    const found = await list({ q: 'chatbott', sort: 'newest', pageSize: 2 });
    expect(found.items.map((item) => item.name)).toEqual(['Deskmate', 'Helpwise']);
    expect(found.total).toBe(3);
    const none = await list({ q: 'chatbott', category: 'voice-t' });
    expect(none.total).toBe(0);
    expect(none.correction).toBeNull();
  });

  it('offers a correction beside a few results, and none beside many', async () => {
    // The name's trigram match finds Narratrix; the vocabulary offers the word itself.
    const few = await list({ q: 'narratrx' });
    expect(few.items.map((item) => item.name)).toEqual(['Narratrix']);
    expect(few.correction).toEqual({ query: 'narratrix', applied: false });
    expect(statements.length).toBeLessThanOrEqual(3);

    statements = [];
    const many = await list({ q: 'chatbot' });
    expect(many.total).toBe(3);
    expect(many.correction).toBeNull();
    // The common path pays nothing for corrections.
    expect(statements.some((statement) => statement.includes('correct_search_words'))).toBe(false);
    expect(many.categorySuggestions).toEqual([{ slug: 'chatbots-t', name: 'Chatbots' }]);
  });

  it('leaves short words and words with digits as typed, and still suggests names when nothing is close', async () => {
    expect((await list({ q: 'vox' })).correction).toBeNull();
    expect((await list({ q: 'voice2' })).correction).toBeNull();
    statements = [];
    const none = await list({ q: 'qqqqqqqq' });
    expect(none).toMatchObject({ total: 0, correction: null, categorySuggestions: [] });
    // The words, the names by trigrams, the correction, the "did you mean" names: a search that
    // finds nothing any way pays one statement more, so that one that finds words pays for them
    // alone (decision 003, docs/benchmarks.md "Distinct searches").
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
  });
});

describe('suggestCategories', () => {
  const rows = [
    { categorySlug: 'sales', categoryName: 'Sales' },
    { categorySlug: 'seo', categoryName: 'SEO' },
    { categorySlug: 'sales', categoryName: 'Sales' },
    { categorySlug: 'image', categoryName: 'Image' },
  ];
  it('names the categories of the results a word names, plural or not, at most two', () => {
    expect(suggestCategories(['sale', 'pipeline'], rows)).toEqual([{ slug: 'sales', name: 'Sales' }]);
    expect(suggestCategories(['images', 'seo', 'sales'], rows)).toEqual([
      { slug: 'sales', name: 'Sales' },
      { slug: 'seo', name: 'SEO' },
    ]);
    expect(suggestCategories(['writing'], rows)).toEqual([]);
  });
});
