import { type ComponentType, lazy } from 'react';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts downloading the component's chunk; call it on hover or focus of what opens it. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` plus a `preload()` for intent (hover, focus): the first-load bundle keeps only
 * the trigger, and the dialog's code arrives while the pointer travels to it. A failed download
 * is forgotten so the next attempt fetches again (chunk-reload handles a stale deployment).
 */
export function lazyWithPreload<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(lazy(preload), { preload });
}
