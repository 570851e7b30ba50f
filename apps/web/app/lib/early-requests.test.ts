import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRequestsScript, takeEarlyResponse } from './early-requests';

const script = earlyRequestsScript({
  paths: ['cart/getCartContents', 'products/getUserUpvotes'],
  tokenKey: 'everdeal.auth.token',
  userKey: 'everdeal.auth.user',
  hintCookie: 'everdeal_signed_in',
});

const SIGNED_IN = 'theme=dark; everdeal_signed_in=1';
/** The storage keys the last run read. */
let storageReads: string[] = [];

/** Runs the inline script as the browser would, with these cookies and storage; records what it sends. */
function runScript(stored: Record<string, string>, cookie = SIGNED_IN) {
  const sent: { url: string; init: RequestInit }[] = [];
  storageReads = [];
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => {
        storageReads.push(key);
        return stored[key] ?? null;
      },
    },
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', { cookie });
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

  it('a browser without the session hint cookie never opens its storage (its first read is disk work)', () => {
    const stored = { 'everdeal.auth.token': 'tok', 'everdeal.auth.user': '{}' };
    for (const cookie of ['', 'theme=dark', 'everdeal_signed_in=', 'xeverdeal_signed_in=1', 'everdeal_signed_in=10']) {
      expect(runScript(stored, cookie), cookie).toEqual([]);
      expect(storageReads, cookie).toEqual([]);
    }
    expect(runScript(stored, 'everdeal_signed_in=1')).toHaveLength(2);
    expect(runScript(stored, 'everdeal_signed_in=1; theme=dark')).toHaveLength(2);
  });

  it('reads each answer as it arrives, so its timeout cannot end a body the scripts read later', async () => {
    const answers: Response[] = [];
    const window: Record<string, unknown> = {
      localStorage: { getItem: (key: string) => ({ 'everdeal.auth.token': 'tok', 'everdeal.auth.user': '{}' })[key] },
    };
    vi.stubGlobal('window', window);
    vi.stubGlobal('document', { cookie: SIGNED_IN });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const answer = new Response(JSON.stringify({ code: 0, msg: 'ok', data: url }), { status: 200 });
        answers.push(answer);
        return Promise.resolve(answer);
      }),
    );
    new Function(script)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Before any script asked for them, both bodies have been read off the network.
    expect(answers.map((answer) => answer.bodyUsed)).toEqual([true, true]);
    const kept = await takeEarlyResponse('cart/getCartContents', 'tok');
    expect(kept?.status).toBe(200);
    expect(await kept?.json()).toEqual({ code: 0, msg: 'ok', data: '/api/cart/getCartContents' });
  });

  it('keeps an answer without a body, and a body that fails to arrive is no unhandled rejection', async () => {
    const window: Record<string, unknown> = {
      localStorage: { getItem: (key: string) => ({ 'everdeal.auth.token': 'tok', 'everdeal.auth.user': '{}' })[key] },
    };
    vi.stubGlobal('window', window);
    vi.stubGlobal('document', { cookie: SIGNED_IN });
    const brokenBody = new ReadableStream({
      pull: (controller) => controller.error(new Error('The operation timed out')),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.endsWith('cart/getCartContents') ? new Response(null, { status: 204 }) : new Response(brokenBody),
        ),
      ),
    );
    new Function(script)();
    expect((await takeEarlyResponse('cart/getCartContents', 'tok'))?.status).toBe(204);
    // The upvotes' answer is never taken here: the run would fail on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 10));
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
