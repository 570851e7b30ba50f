import { createContext, startTransition, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { type AuthSnapshot, authStore, UNRESTORED } from './auth-store';

const AuthContext = createContext<AuthSnapshot | null>(null);
const IsLoggedInContext = createContext<boolean | null>(null);

/**
 * Gives the session to the app's components (`useAuth`, `useIsLoggedIn`).
 *
 * The server cannot see the browser's storage, so pages render "not restored" and hydrate that
 * way; the stored session is shown in the render after. Read straight from an external store,
 * that render would be one synchronous task: React re-renders every reader of a store whose
 * snapshot differs from the server's at once, and on a signed-in page that is the header, the
 * page body and every query it starts (docs/benchmarks.md, "What the Lighthouse figures say":
 * the signed-in cart's long task). Here the restore is a transition instead, which React renders
 * in slices and lets a tap interrupt. Later changes (sign in, sign out, another tab) come through
 * the store's subscription and render at once, as before.
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [isRestoreShown, setRestoreShown] = useState(false);
  const auth = useSyncExternalStore(
    authStore.subscribe,
    () => (isRestoreShown ? authStore.get() : UNRESTORED),
    () => UNRESTORED,
  );
  useEffect(() => {
    startTransition(() => setRestoreShown(true));
  }, []);
  // Two contexts: a visitor's `isLoggedIn` is false before and after the restore, so the
  // components that only need that (every product card's buttons) do not render again.
  return (
    <AuthContext value={auth}>
      <IsLoggedInContext value={auth.isLoggedIn}>{children}</IsLoggedInContext>
    </AuthContext>
  );
}

function missingProvider(): never {
  throw new Error('The session is read inside <SessionProvider> (app-providers.tsx)');
}

/** The auth state for a component; `isRestored` is false during SSR, hydration and the restore. */
export function useAuth(): AuthSnapshot {
  return useContext(AuthContext) ?? missingProvider();
}

/**
 * Whether the user's data may be fetched: the stored session, read from the store while the page
 * hydrates, so a signed-in page's requests leave then instead of after the restore's render and
 * the lazy chunks it loads (docs/benchmarks.md: the cart's content is its largest paint). What renders
 * still follows `useIsLoggedIn`, so the hydrated HTML stays the server's.
 */
export function useMayFetchUserData(): boolean {
  const auth = useAuth();
  if (auth.isRestored) return auth.isLoggedIn;
  return typeof window !== 'undefined' && authStore.get().isLoggedIn;
}

/** Only whether someone is signed in: for a visitor it never changes, so nothing re-renders. */
export function useIsLoggedIn(): boolean {
  return useContext(IsLoggedInContext) ?? missingProvider();
}
