import { createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCompleteDraft, createSellerWithMember } from '../../../test/seller';

// Decision 022: the preview page under the shared page cache of production (decision 004). The
// server never sees the session, so the page it renders holds no product; what matters is that
// its answer is never shared: a signed-in browser's 200 must not reach a visitor.

let t: TestApp;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp({
    withPages: true,
    // Production's page cache; its request log is off, as everywhere in the tests.
    env: { NODE_ENV: 'production', CATALOG_CACHE_TTL_MS: '60000', LOG_LEVEL: 'silent' },
    onQuery: () => {
      statements += 1;
    },
  });
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('/products/{slug}/preview', () => {
  it('is private, no-store and noindex, and never handed from the page cache to a visitor', async () => {
    // The cache is on: a public product page is rendered once, then answered without SQL.
    const live = await createProduct(t.db);
    expect((await get(`/products/${live.slug}`)).statusCode).toBe(200);
    statements = 0;
    expect((await get(`/products/${live.slug}`)).statusCode).toBe(200);
    expect(statements).toBe(0);

    const owner = await createSellerWithMember(t.db);
    const draft = await createCompleteDraft(t.app, t.db, owner, { name: 'Cached Nowhere' });
    const url = `/products/${draft.slug}/preview`;
    for (let visit = 0; visit < 2; visit += 1) {
      const signedIn = await get(url, 'everdeal_signed_in=1');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(signedIn.headers['x-robots-tag']).toBe('noindex');
      expect(signedIn.body).toContain('<meta name="robots" content="noindex"/>');
      // The server renders the frame only: the draft is fetched by the browser with its token.
      expect(signedIn.body).not.toContain('Cached Nowhere');
    }
    const visitor = await get(url);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/auth/login?redirect=${encodeURIComponent(url)}`);
    // And the public page of the draft is the 404 it always was.
    for (const cookie of [undefined, 'everdeal_signed_in=1']) {
      expect((await get(`/products/${draft.slug}`, cookie)).statusCode).toBe(404);
    }
  });
});
