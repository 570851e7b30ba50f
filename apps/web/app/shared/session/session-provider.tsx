import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { type AuthSnapshot, authStore, UNRESTORED } from './auth-store';

/**
 * Whether this page load shows the stored session yet, and the readers to tell when it does. It is
 * one object for the provider's life, so its context never changes and reaches no one by itself.
 */
type RestoreGate = { isShown: boolean; readers: Set<() => void> };

const RestoreGateContext = createContext<RestoreGate | null>(null);

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
 *
 * The transition updates each reader's own state, not a context: a context's new value marks
 * every part of the page still waiting for its chunk (a dehydrated Suspense boundary may hold a
 * reader), and React holds a transition until those parts hydrate, so the header's avatar and
 * badges waited for the slowest lazy section (docs/decisions/053-session-restore-per-reader.md).
 * A reader that hydrates after the restore renders the server's "not restored" and then the
 * session, in a render of its own.
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [gate] = useState<RestoreGate>(() => ({ isShown: false, readers: new Set() }));
  useEffect(() => {
    if (gate.isShown) return;
    gate.isShown = true;
    // Readers register in their effects, which run before this parent's.
    startTransition(() => {
      for (const showRestore of gate.readers) showRestore();
    });
  }, [gate]);
  return <RestoreGateContext value={gate}>{children}</RestoreGateContext>;
}

function missingProvider(): never {
  throw new Error('The session is read inside <SessionProvider> (app-providers.tsx)');
}

/**
 * The part of the session a component reads; it renders again only when that part changes
 * (`Object.is`), so a visitor's `isLoggedIn` (false before and after the restore) renders nothing
 * again on every product card.
 */
function useSessionPart<T>(select: (auth: AuthSnapshot) => T): T {
  const gate = useContext(RestoreGateContext) ?? missingProvider();
  // One function for the reader's life: after a render with a new `getSnapshot`, React adds an
  // effect that checks the store again.
  const read = useCallback(() => select(gate.isShown ? authStore.get() : UNRESTORED), [gate, select]);
  const part = useSyncExternalStore(authStore.subscribe, read, () => select(UNRESTORED));
  // Only a trigger: the restore's transition sets it to the part it will show, and an equal part
  // renders nothing. What renders is always `part`.
  const [, setRestoredPart] = useState(part);
  useEffect(() => {
    if (gate.isShown) return;
    const showRestore = () => setRestoredPart(select(authStore.get()));
    gate.readers.add(showRestore);
    return () => {
      gate.readers.delete(showRestore);
    };
  }, [gate, select]);
  return part;
}

const wholeSession = (auth: AuthSnapshot) => auth;
const isLoggedInOf = (auth: AuthSnapshot) => auth.isLoggedIn;

/** The auth state for a component; `isRestored` is false during SSR, hydration and the restore. */
export function useAuth(): AuthSnapshot {
  return useSessionPart(wholeSession);
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
  return useSessionPart(isLoggedInOf);
}
