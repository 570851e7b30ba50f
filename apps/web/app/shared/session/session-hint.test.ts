import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store';
import { hasSessionHint, redirectVisitorToLogin, SESSION_HINT_COOKIE, sessionHintCookie } from './session-hint';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  occupation: '',
  avatar: null,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** A `document.cookie` that keeps what is written, as a browser does for one cookie. */
function fakeDocument() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return { document, jar, writes };
}

afterEach(() => vi.unstubAllGlobals());

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
    const visitor = new Request('http://store.test/user/orders?page=2');
    let thrown: unknown;
    try {
      redirectVisitorToLogin({ request: visitor });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/auth/login?redirect=%2Fuser%2Forders%3Fpage%3D2');
    const signedIn = new Request('http://store.test/cart', { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(redirectVisitorToLogin({ request: signedIn })).toBeNull();
  });

  it('follows the auth store: restored, signed in, signed out', () => {
    const { document, jar, writes } = fakeDocument();
    vi.stubGlobal('document', document);
    vi.stubGlobal('window', { location: { protocol: 'http:' } });
    const data = new Map<string, string>();
    const store = createAuthStore(() => ({
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    }));
    // A visitor's restore writes nothing.
    expect(store.get().isLoggedIn).toBe(false);
    expect(writes).toEqual([]);
    store.setAuth('token', user);
    expect(jar.get(SESSION_HINT_COOKIE)).toBe('1');
    store.clearAuth();
    expect(jar.has(SESSION_HINT_COOKIE)).toBe(false);
    // A session restored from storage (another page load) writes it again.
    store.setAuth('token', user);
    jar.clear();
    store.reload();
    expect(jar.get(SESSION_HINT_COOKIE)).toBe('1');
  });
});
