import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRequestsScript, takeEarlyResponse } from './early-requests';

const script = earlyRequestsScript({
  paths: ['cart/getCartContents', 'products/getUserUpvotes'],
  tokenKey: 'everdeal.auth.token',
  userKey: 'everdeal.auth.user',
});

/** Runs the inline script as the browser would, with this storage, and records what it sends. */
function runScript(stored: Record<string, string>) {
  const sent: { url: string; init: RequestInit }[] = [];
  const window: Record<string, unknown> = {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: url })));
    }),
  );
  new Function(script)();
  return sent;
}

describe('early requests (lib/early-requests.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a signed-in browser sends each call as callApi would: POST, {} and the bearer token', () => {
    const sent = runScript({ 'everdeal.auth.token': 'tok', 'everdeal.auth.user': '{}' });
    expect(sent.map((request) => request.url)).toEqual(['/api/cart/getCartContents', '/api/products/getUserUpvotes']);
    for (const { init } of sent) {
      expect(init.method).toBe('POST');
      expect(init.body).toBe('{}');
      expect(init.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer tok' });
      expect(init.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('a visitor, or a token without a stored user, sends nothing', () => {
    expect(runScript({})).toEqual([]);
    expect(runScript({ 'everdeal.auth.token': 'tok' })).toEqual([]);
    expect(takeEarlyResponse('cart/getCartContents', 'tok')).toBeNull();
  });

  it('hands each answer out once, and only to the session that asked', async () => {
    runScript({ 'everdeal.auth.token': 'tok', 'everdeal.auth.user': '{}' });
    const answer = takeEarlyResponse('cart/getCartContents', 'tok');
    expect(await (await answer)?.json()).toMatchObject({ data: '/api/cart/getCartContents' });
    expect(takeEarlyResponse('cart/getCartContents', 'tok')).toBeNull();
    // Signed in as someone else since: the answer is dropped, not handed to the new session.
    expect(takeEarlyResponse('products/getUserUpvotes', 'other')).toBeNull();
    expect(takeEarlyResponse('products/getUserUpvotes', 'tok')).toBeNull();
  });
});
