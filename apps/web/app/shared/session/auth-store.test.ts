import type { User } from '@everdeal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY, type AuthStorage, createAuthStore } from './auth-store';

const user: User = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  occupation: '',
  avatar: null,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

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
  it('renders logged out and unrestored on the server', () => {
    const store = createAuthStore(() =>
      memoryStorage({ [AUTH_TOKEN_KEY]: 't', [AUTH_USER_KEY]: JSON.stringify(user) }),
    );
    expect(store.getServerState()).toMatchObject({ isRestored: false, isLoggedIn: false });
  });

  it('persists the token and the user and restores them on start', () => {
    const storage = memoryStorage();
    createAuthStore(() => storage).setAuth('tok', user);
    expect(storage.data.get(AUTH_TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(storage.data.get(AUTH_USER_KEY) ?? 'null')).toEqual(user);

    const restored = createAuthStore(() => storage).get();
    expect(restored).toEqual({ isRestored: true, isLoggedIn: true, token: 'tok', user });
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
    const store = createAuthStore(() => memoryStorage());
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
