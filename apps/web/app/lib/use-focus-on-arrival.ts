import { type RefObject, useEffect } from 'react';

/**
 * Moves focus to an element (a page's main heading, `tabIndex={-1}`) when `hasArrived` turns
 * true: after a client-side route change focus stays on the body, so a keyboard user would start
 * again from the header, a dozen Tabs away from the page's first control (WCAG 2.4.3). The
 * scroll is left alone: the router has already put the page at its top. A change of `view`
 * (another heading element in its place) moves focus again.
 */
export function useFocusOnArrival(target: RefObject<HTMLElement | null>, hasArrived = true, view?: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view is a new element to focus
  useEffect(() => {
    if (hasArrived) target.current?.focus({ preventScroll: true });
  }, [hasArrived, target, view]);
}
