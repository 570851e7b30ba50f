import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser as user } from '~test/test-user';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY, type AuthStorage, createAuthStore } from './auth-store';
import { SESSION_HINT_COOKIE } from './session-hint';

function memoryStorage(initial: Record<string, string> = {}): AuthStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('auth store (requirements §3, §4)', () => {
  it('reads storage on its first read, not when created (the server and hydration never read it)', () => {
    const storage = memoryStorage({ [AUTH_TOKEN_KEY]: 't', [AUTH_USER_KEY]: JSON.stringify(user) });
    const getItem = vi.spyOn(storage, 'getItem');
    const store = createAuthStore(() => storage);
    expect(getItem).not.toHaveBeenCalled();
    expect(store.get()).toMatchObject({ isRestored: true, isLoggedIn: true, token: 't' });
  });

  it('persists the token and the user and restores them on start', () => {
    const storage = memoryStorage();
    createAuthStore(() => storage).setAuth('tok', user);
    expect(storage.data.get(AUTH_TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(storage.data.get(AUTH_USER_KEY) ?? 'null')).toEqual(user);

    const restored = createAuthStore(() => storage).get();
    expect(restored).toEqual({ isRestored: true, isLoggedIn: true, token: 'tok', user });
  });

  it('after a refused request, follows a sign-out made in another tab quietly', () => {
    const storage = memoryStorage();
    const store = createAuthStore(() => storage);
    store.setAuth('tok', user);
    // Another tab signs out: storage is empty before this tab's `storage` event arrives.
    storage.data.clear();
    expect(store.endRefusedSession()).toBe(false);
    expect(store.get().isLoggedIn).toBe(false);
    // Or signs in as someone else: that session is kept, not cleared.
    store.setAuth('tok', user);
    storage.data.set(AUTH_TOKEN_KEY, 'other');
    expect(store.endRefusedSession()).toBe(false);
    expect(store.get()).toMatchObject({ isLoggedIn: true, token: 'other' });
    expect(storage.data.get(AUTH_TOKEN_KEY)).toBe('other');
  });

  it('after a refused request with the stored session, clears it and asks to sign in again', () => {
    const storage = memoryStorage();
    const store = createAuthStore(() => storage);
    expect(store.endRefusedSession()).toBe(false);
    store.setAuth('tok', user);
    expect(store.endRefusedSession()).toBe(true);
    expect(store.get().isLoggedIn).toBe(false);
    expect(storage.data.has(AUTH_TOKEN_KEY)).toBe(false);
  });

  it('is logged in only when both the token and the user are present', () => {
    expect(createAuthStore(() => memoryStorage({ [AUTH_TOKEN_KEY]: 'tok' })).get().isLoggedIn).toBe(false);
    expect(createAuthStore(() => memoryStorage({ [AUTH_USER_KEY]: JSON.stringify(user) })).get().isLoggedIn).toBe(
      false,
    );
    expect(
      createAuthStore(() => memoryStorage({ [AUTH_TOKEN_KEY]: 'tok', [AUTH_USER_KEY]: '{not json' })).get().isLoggedIn,
    ).toBe(false);
  });

  it('clears storage and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createAuthStore(() => storage);
    store.setAuth('tok', user);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clearAuth();
    expect(listener).toHaveBeenCalledOnce();
    expect(storage.data.size).toBe(0);
    expect(store.get()).toMatchObject({ isLoggedIn: false, token: null, user: null });
    expect(store.getToken()).toBeNull();
  });

  it('updates the user and keeps the token', () => {
    const storage = memoryStorage();
    const store = createAuthStore(() => storage);
    store.setAuth('tok', user);
    store.setUser({ ...user, firstName: 'Augusta' });
    expect(store.get()).toMatchObject({ token: 'tok', user: { firstName: 'Augusta' } });
  });

  it('works without storage (server, private mode)', () => {
    const store = createAuthStore(() => null);
    expect(store.get().isLoggedIn).toBe(false);
    store.setAuth('tok', user);
    expect(store.get().isLoggedIn).toBe(true);
  });
});

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

describe('the auth store keeps the session hint cookie in step (decision 017)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the cookie on sign-in and on restore, and removes it on sign-out', () => {
    const { document, jar, writes } = fakeDocument();
    vi.stubGlobal('document', document);
    vi.stubGlobal('window', { location: { protocol: 'http:' } });
    const storage = memoryStorage();
    const store = createAuthStore(() => storage);
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
