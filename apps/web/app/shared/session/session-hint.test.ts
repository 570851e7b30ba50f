import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HINT_WRITTEN_AT_KEY,
  hasSessionHint,
  redirectVisitorToLogin,
  SESSION_HINT_COOKIE,
  sessionHintCookie,
  writeSessionHint,
} from './session-hint';

/** A browser's cookie jar and storage, enough for the hint: what was written, and what is there. */
function fakeBrowser() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const storage = new Map<string, string>();
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      writes.push(assignment);
      const [pair = '', ...attributes] = assignment.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  });
  vi.stubGlobal('window', {
    location: { protocol: 'https:' },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  return { jar, writes, storage };
}

describe('the session hint cookie (decision 017)', () => {
  it('is a flag with the session lifetime, removed by an expired twin', () => {
    expect(sessionHintCookie(true, false)).toBe(`${SESSION_HINT_COOKIE}=1; Max-Age=2592000; Path=/; SameSite=Lax`);
    expect(sessionHintCookie(true, true)).toContain('; Secure');
    expect(sessionHintCookie(false, false)).toBe(`${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });

  it('is read from a Cookie header among others, and only with the value 1', () => {
    expect(hasSessionHint(null)).toBe(false);
    expect(hasSessionHint('a=b')).toBe(false);
    expect(hasSessionHint(`a=b; ${SESSION_HINT_COOKIE}=1; c=d`)).toBe(true);
    expect(hasSessionHint(`${SESSION_HINT_COOKIE}=0`)).toBe(false);
    expect(hasSessionHint(`x${SESSION_HINT_COOKIE}=1`)).toBe(false);
  });

  it('sends a request without it to sign in and back to the same address', () => {
    // React Router's data request for the page: the request as it came, the page's address in `url`.
    const visitor = new Request('http://store.test/user/orders.data?page=2');
    let thrown: unknown;
    try {
      redirectVisitorToLogin({ request: visitor, url: new URL('http://store.test/user/orders?page=2') });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/auth/login?redirect=%2Fuser%2Forders%3Fpage%3D2');
    const signedIn = new Request('http://store.test/cart', { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(redirectVisitorToLogin({ request: signedIn, url: new URL(signedIn.url) })).toBeNull();
  });

  describe('written by the browser', () => {
    afterEach(() => vi.unstubAllGlobals());
    const day = 24 * 60 * 60 * 1000;

    it('once when a session is found, then not again the same day, then again to slide its 30 days', () => {
      const browser = fakeBrowser();
      const start = Date.UTC(2026, 11, 1, 9);
      writeSessionHint(true, start);
      expect(browser.writes).toEqual([sessionHintCookie(true, true)]);
      expect(browser.storage.get(HINT_WRITTEN_AT_KEY)).toBe(String(start));
      // Every later page load of that day finds it and leaves the cookies alone: Chrome keeps a
      // no-store page in its back/forward cache only if no cookie changed while it was open.
      writeSessionHint(true, start + 1000);
      writeSessionHint(true, start + day - 1);
      expect(browser.writes).toHaveLength(1);
      writeSessionHint(true, start + day);
      expect(browser.writes).toHaveLength(2);
      expect(browser.storage.get(HINT_WRITTEN_AT_KEY)).toBe(String(start + day));
    });

    it('again when the cookie is gone while the session stays (cleared by the user)', () => {
      const browser = fakeBrowser();
      const start = Date.UTC(2026, 11, 1, 9);
      writeSessionHint(true, start);
      browser.jar.clear();
      writeSessionHint(true, start + 1000);
      expect(browser.writes).toHaveLength(2);
      expect(browser.jar.get(SESSION_HINT_COOKIE)).toBe('1');
    });

    it('removed at sign-out with its date, and never written for a visitor', () => {
      const browser = fakeBrowser();
      writeSessionHint(false);
      expect(browser.writes).toEqual([]);
      writeSessionHint(true, Date.UTC(2026, 11, 1, 9));
      writeSessionHint(false);
      expect(browser.writes.at(-1)).toBe(sessionHintCookie(false, true));
      expect(browser.jar.has(SESSION_HINT_COOKIE)).toBe(false);
      expect(browser.storage.has(HINT_WRITTEN_AT_KEY)).toBe(false);
    });
  });
});
