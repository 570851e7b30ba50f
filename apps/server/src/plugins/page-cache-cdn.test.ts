import { products, users } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { loadConfig } from './config';
import { type PageFacts, sharedCacheHeaders } from './page-cache-headers';

// Decision 044: what a CDN in front may keep. Pages are rendered signed out (no loader reads a
// cookie or the Authorization header), so a public answer is the same for everybody; an answer
// that depends on the visitor is `private, no-store`.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    withPages: true,
    env: { NODE_ENV: 'production', CATALOG_CACHE_TTL_MS: '2000', CACHE_MAX_AGE_MS: '600000', LOG_LEVEL: 'silent' },
  });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
// Browsers read only `Cache-Control`: `max-age=0` and nothing stale, so a page or its data asked
// again after the visitor's own write is the new one. Serving stale is for the CDN's own headers.
const PUBLIC = /^public, max-age=0, s-maxage=(\d+)$/;

describe('CDN headers of pages', () => {
  it('a product page is public for the safety net and carries its tags for Fastly and Cloudflare', async () => {
    const product = await createProduct(t.db);
    const answer = await get(`/products/${product.slug}`);
    expect(answer.statusCode).toBe(200);
    const sharedFor = Number(PUBLIC.exec(String(answer.headers['cache-control']))?.[1]);
    expect(sharedFor).toBe(600);
    expect(answer.headers['cdn-cache-control']).toBe('public, max-age=600, stale-while-revalidate=2');
    expect(answer.headers['surrogate-control']).toBe('max-age=600, stale-while-revalidate=2');
    const keys = String(answer.headers['surrogate-key']).split(' ');
    expect(keys).toContain(`product:${product.id}`);
    expect(keys).toContain('list:products');
    expect(String(answer.headers['cache-tag']).split(',')).toEqual(keys);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it("the data a page asks for after a change (React Router's .data) is never served stale by the browser", async () => {
    const product = await createProduct(t.db);
    const answer = await get(`/products/${product.slug}.data`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(product.name);
    expect(String(answer.headers['cache-control'])).toMatch(PUBLIC);
    expect(String(answer.headers['cache-control'])).not.toContain('stale');
  });

  it('a page with a read no write announces (the blog) is public for the short lifetime only', async () => {
    const answer = await get('/blog');
    expect(answer.statusCode).toBe(200);
    expect(Number(PUBLIC.exec(String(answer.headers['cache-control']))?.[1])).toBe(2);
  });

  it('a page is kept once, whole, for browsers and crawlers alike', async () => {
    const product = await createProduct(t.db);
    const url = `/products/${product.slug}`;
    const browser = await get(url, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' });
    const crawler = await get(url, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(browser.statusCode).toBe(200);
    // Nothing sent after the shell to be swapped into place by React's script: the community
    // sections' lazy module is first loaded by this render, which would otherwise stream them.
    expect(browser.body).not.toMatch(/<template id="B:/);
    expect(browser.body).not.toContain('$RC');
    // The crawler's answer is the browser's copy (the render's time in the page data included).
    const nonceOf = (headers: Record<string, unknown>) =>
      /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] ?? '';
    expect(crawler.body.replaceAll(nonceOf(crawler.headers), 'NONCE')).toBe(
      browser.body.replaceAll(nonceOf(browser.headers), 'NONCE'),
    );
  });

  it('a visitor with a session gets the very page a stranger gets: public, no cookie, nothing of theirs', async () => {
    const product = await createProduct(t.db);
    const user = await createUserWithSession(t.db);
    // Names no page would hold by chance.
    const [person] = await t.db
      .update(users)
      .set({ firstName: 'Zebulon', lastName: 'Quaxworth' })
      .where(eq(users.id, user.userId))
      .returning();
    if (!person) throw new Error('no such user');
    const { email, firstName, lastName } = person;
    const stranger = await get(`/products/${product.slug}`);
    const signedIn = await get(`/products/${product.slug}`, {
      cookie: 'everdeal_signed_in=1; theme=dark',
      authorization: `Bearer ${user.token}`,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toMatch(PUBLIC);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    for (const personal of [email, firstName, lastName, user.token]) expect(signedIn.body).not.toContain(personal);
    const withoutNonce = (body: string, nonce: string) => body.replaceAll(nonce, 'NONCE');
    const nonceOf = (headers: Record<string, unknown>) =>
      /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1] ?? '';
    expect(withoutNonce(signedIn.body, nonceOf(signedIn.headers))).toBe(
      withoutNonce(stranger.body, nonceOf(stranger.headers)),
    );
  });

  it('a page that depends on the visitor, a redirect and a 404 are private, no-store', async () => {
    for (const [url, cookie, status] of [
      ['/cart', 'everdeal_signed_in=1', 200],
      ['/cart', '', 302],
      ['/products/no-such-deal-anywhere', '', 404],
    ] as const) {
      const answer = await get(url, cookie ? { cookie } : {});
      expect(answer.statusCode, url).toBe(status);
      expect(answer.headers['cache-control'], `${url} ${cookie}`).toBe('private, no-store');
      expect(answer.headers['surrogate-key']).toBeUndefined();
    }
  });
});

describe('sharedCacheHeaders', () => {
  const facts = (over: Partial<PageFacts> = {}): PageFacts => ({
    tags: new Set(['product:1', 'list:votes']),
    notAfterMs: undefined,
    namesAll: true,
    reads: 2,
    ...over,
  });
  const lifetimes = { ttlMs: 2000, maxAgeMs: 600_000 };

  it('keeps a page at the CDN no later than the moment it changes by itself', () => {
    const headers = new Map(sharedCacheHeaders(facts({ notAfterMs: 1_000_000 + 90_500 }), true, lifetimes, 1_000_000));
    expect(headers.get('cache-control')).toBe('public, max-age=0, s-maxage=90');
    expect(headers.get('cdn-cache-control')).toBe('public, max-age=90, stale-while-revalidate=2');
    expect(headers.get('surrogate-control')).toBe('max-age=90, stale-while-revalidate=2');
    expect(headers.get('surrogate-key')).toBe('list:votes product:1');
    expect(headers.get('cache-tag')).toBe('list:votes,product:1');
  });

  it('a page with a read that names nothing lives the short lifetime; an unshared one is private', () => {
    const untagged = new Map(sharedCacheHeaders(facts({ namesAll: false }), true, lifetimes, 0));
    expect(untagged.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
    expect(untagged.get('cdn-cache-control')).toBe('public, max-age=2, stale-while-revalidate=2');
    expect(sharedCacheHeaders(facts(), false, lifetimes, 0)).toEqual([['cache-control', 'private, no-store']]);
  });
});

describe('PAGE_CACHE_MAX_BYTES=0', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({
      withPages: true,
      env: { NODE_ENV: 'production', CATALOG_CACHE_TTL_MS: '2000', PAGE_CACHE_MAX_BYTES: '0', LOG_LEVEL: 'silent' },
    });
  });
  afterAll(() => off?.close());

  it('renders every page for its request, tagging none for a CDN, while catalogue answers are still kept', async () => {
    const product = await createProduct(off.db);
    const page = await off.app.inject({ method: 'GET', url: `/products/${product.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(product.name);
    expect(page.headers['surrogate-key']).toBeUndefined();
    expect(String(page.headers['cache-control'] ?? '')).not.toMatch(PUBLIC);
    // A change no write announces: the kept catalogue answer still shows the name it read.
    await off.db.update(products).set({ name: 'Renamed Behind The Cache' }).where(eq(products.id, product.id));
    const again = await off.app.inject({ method: 'GET', url: `/products/${product.slug}` });
    expect(again.body).toContain(product.name);
    expect(again.body).not.toContain('Renamed Behind The Cache');
  });

  it('is the only size under 1 MiB the setting takes', () => {
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '0' }).pageCacheMaxBytes).toBe(0);
    expect(() => loadConfig({ PAGE_CACHE_MAX_BYTES: '1000' })).toThrow(/0 \(off\) or at least 1048576/);
  });
});
