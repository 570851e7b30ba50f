import { useSyncExternalStore } from 'react';

/**
 * A piece of client state that lives outside React (the session, the login prompt, the cart
 * popup, the toasts): anything can read or change it, from event handlers, the API client or
 * plain modules, and components re-render when it changes. The one way such state is built here.
 */
export type Store<T> = {
  /** The state now; a lazy initial state is computed on the first read in the browser. */
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** What the server renders, and what the browser uses while it hydrates that HTML. */
  getServerState(): T;
};

/** What readers of a store see: components through `useStore`, code through `get`. */
export type ReadableStore<T> = Pick<Store<T>, 'get' | 'subscribe' | 'getServerState'>;

/**
 * `initial` may be a function, run on the first read (reading storage, say, which the server and
 * the first render in the browser must not do). `serverState` is what pages render on the
 * server and hydrate with; React re-renders with `get()` right after hydration when it differs.
 * Setting an equal value (`Object.is`) notifies nobody.
 */
export function createStore<T>(initial: T | (() => T), options: { serverState?: T } = {}): Store<T> {
  const isLazy = typeof initial === 'function';
  let state = isLazy ? undefined : initial;
  let isInitialised = !isLazy;
  const listeners = new Set<() => void>();

  const get = (): T => {
    if (!isInitialised) {
      state = (initial as () => T)();
      isInitialised = true;
    }
    return state as T;
  };

  return {
    get,
    set(next) {
      const value = typeof next === 'function' ? (next as (current: T) => T)(get()) : next;
      if (isInitialised && Object.is(value, state)) return;
      state = value;
      isInitialised = true;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getServerState: () => ('serverState' in options ? (options.serverState as T) : get()),
  };
}

/**
 * A component's view of a store. With `select`, the component re-renders only when the selected
 * value changes (`Object.is`), so select a primitive or a part of the state kept as it is.
 */
export function useStore<T>(store: ReadableStore<T>): T;
export function useStore<T, S>(store: ReadableStore<T>, select: (state: T) => S): S;
export function useStore<T, S>(store: ReadableStore<T>, select?: (state: T) => S): T | S {
  const pick = select ?? ((state: T) => state);
  return useSyncExternalStore(
    store.subscribe,
    () => pick(store.get()),
    () => pick(store.getServerState()),
  );
}
