import type { User } from '@everdeal/contracts';
import { parseStoredUser } from '@everdeal/contracts/user';
import { createStore } from '~/lib/create-store';
import { writeSessionHint } from './session-hint';

export const AUTH_TOKEN_KEY = 'everdeal.auth.token';
export const AUTH_USER_KEY = 'everdeal.auth.user';

export type AuthSnapshot = {
  /** False while server-rendering and hydrating: storage has not been read yet. */
  isRestored: boolean;
  /** Requirements §4: logged in means both a token and a user are stored. */
  isLoggedIn: boolean;
  token: string | null;
  user: User | null;
};

/** The part of `Storage` the store uses, so tests can hand in a fake. */
export type AuthStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What the server renders and the browser hydrates: storage has not been read. */
export const UNRESTORED: AuthSnapshot = Object.freeze({
  isRestored: false,
  isLoggedIn: false,
  token: null,
  user: null,
});

function snapshotOf(token: string | null, user: User | null): AuthSnapshot {
  return { isRestored: true, isLoggedIn: Boolean(token && user), token, user };
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    return parseStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Requirements §3/§4: the token and the user live in the browser and are restored on start. The store
 * reads storage lazily, on its first read; components see "not restored" (`UNRESTORED`) on the
 * server and while hydrating, and the stored session after (`SessionProvider`).
 */
export function createAuthStore(getStorage: () => AuthStorage | null) {
  const read = (): AuthSnapshot => {
    const storage = getStorage();
    if (!storage) return snapshotOf(null, null);
    try {
      return snapshotOf(storage.getItem(AUTH_TOKEN_KEY), parseUser(storage.getItem(AUTH_USER_KEY)));
    } catch {
      return snapshotOf(null, null);
    }
  };
  // Each read of storage brings the server's hint cookie in step (decision 017).
  const restore = (): AuthSnapshot => {
    const snapshot = read();
    writeSessionHint(snapshot.isLoggedIn);
    return snapshot;
  };
  const state = createStore(restore);

  const write = (token: string | null, user: User | null) => {
    const storage = getStorage();
    try {
      if (token) storage?.setItem(AUTH_TOKEN_KEY, token);
      else storage?.removeItem(AUTH_TOKEN_KEY);
      if (user) storage?.setItem(AUTH_USER_KEY, JSON.stringify(user));
      else storage?.removeItem(AUTH_USER_KEY);
    } catch {
      // Private mode or a full quota: the session still works for this tab.
    }
  };

  const clear = () => {
    write(null, null);
    writeSessionHint(false);
    state.set(snapshotOf(null, null));
  };

  return {
    get: state.get,
    subscribe: state.subscribe,
    getToken: (): string | null => state.get().token,
    setAuth(token: string, user: User) {
      write(token, user);
      writeSessionHint(true);
      state.set(snapshotOf(token, user));
    },
    /** Replaces the stored user (profile edits) and keeps the token. */
    setUser(user: User) {
      const { token } = state.get();
      if (!token) return;
      write(token, user);
      state.set(snapshotOf(token, user));
    },
    clearAuth: clear,
    /** Re-reads storage: another tab signed in or out (`storage` event). */
    reload() {
      state.set(restore());
    },
    /**
     * A request signed with this tab's session was refused (401). Another tab may have signed out,
     * or in as someone else, before this tab heard of it (its `storage` event comes later): storage
     * then holds the session that counts, taken quietly (false). Otherwise the session ended on the
     * server (expired or revoked): it is cleared, and true says to ask for a sign-in again.
     */
    endRefusedSession(): boolean {
      const { token } = state.get();
      if (!token) return false;
      const stored = restore();
      if (stored.token !== token) {
        state.set(stored);
        return false;
      }
      clear();
      return true;
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

function browserStorage(): AuthStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const authStore = createAuthStore(browserStorage);
export const { setAuth, setUser, clearAuth, getToken } = authStore;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === AUTH_USER_KEY) authStore.reload();
  });
}

/** The signed-in user at this moment, for event handlers (no re-render when it changes). */
export function currentUser(): User | null {
  return authStore.get().user;
}
