import { Suspense } from 'react';
import { useStore } from '~/lib/create-store';
import { lazyWithPreload } from '~/lib/lazy';
import { toasts } from './toast-store';

export type { ToastInput, ToastItem, ToastOptions, ToastPlacement, ToastType } from './toast-store';
export { TOAST_PLACEMENTS, TOAST_TYPES, toast } from './toast-store';

/** The cards, their icons and timers load with the first toast: no page shows one on arrival. */
const ToastStack = lazyWithPreload(() => import('./toast-stack').then((module) => module.ToastStack));

/**
 * Renders every toast of the store (requirements §2 "Toasts"); mount it once (AppProviders).
 * Each toast is a live region of its own, so nothing needs to be in the page before the first.
 */
export function Toaster() {
  const items = useStore(toasts);
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack items={items} />
    </Suspense>
  );
}
