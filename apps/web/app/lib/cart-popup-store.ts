import { CART_POPUP_CLEAR_MS, CART_POPUP_MS, DEFAULT_PLAN_LABEL } from '@everdeal/contracts/constants';
import { useSyncExternalStore } from 'react';

/** Spec §3 "Cart popup product": what the popup shows about the item just added. */
export type CartPopupProduct = { name: string; image: string | null; plan: string };

export type CartPopupState = {
  /** Whether the popup is on screen; it fades out while `product` is still set. */
  isOpen: boolean;
  product: CartPopupProduct | null;
};

const CLOSED: CartPopupState = Object.freeze({ isOpen: false, product: null });

type Timers = {
  setTimeout: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (id: ReturnType<typeof setTimeout>) => void;
  now: () => number;
};

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id),
  now: () => Date.now(),
};

/**
 * Spec §2 and §4: after adding to cart the popup shows for 3 s, then hides, and its product is
 * cleared 300 ms later (the fade-out still shows it). Hovering or focusing the popup pauses the
 * countdown, and leaving it resumes with the time that was left (WCAG 2.2.1, timing adjustable).
 */
export function createCartPopupStore({
  showMs = CART_POPUP_MS,
  clearMs = CART_POPUP_CLEAR_MS,
  timers = realTimers,
}: {
  showMs?: number;
  clearMs?: number;
  timers?: Timers;
} = {}) {
  let state: CartPopupState = CLOSED;
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let clearTimer: ReturnType<typeof setTimeout> | null = null;
  let remainingMs = showMs;
  let startedAt = 0;
  let isPaused = false;
  const listeners = new Set<() => void>();

  const set = (next: CartPopupState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const stopTimers = () => {
    if (hideTimer) timers.clearTimeout(hideTimer);
    if (clearTimer) timers.clearTimeout(clearTimer);
    hideTimer = null;
    clearTimer = null;
  };

  const startCountdown = (ms: number) => {
    remainingMs = ms;
    startedAt = timers.now();
    hideTimer = timers.setTimeout(hide, ms);
  };

  function hide() {
    stopTimers();
    isPaused = false;
    if (!state.product) return;
    set({ isOpen: false, product: state.product });
    clearTimer = timers.setTimeout(() => {
      clearTimer = null;
      set(CLOSED);
    }, clearMs);
  }

  return {
    getState: () => state,
    getServerState: () => CLOSED,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    show(product: { name: string; image?: string | null; plan?: string | null }) {
      stopTimers();
      isPaused = false;
      set({
        isOpen: true,
        product: { name: product.name, image: product.image || null, plan: product.plan || DEFAULT_PLAN_LABEL },
      });
      startCountdown(showMs);
    },
    hide,
    pause() {
      if (!state.isOpen || isPaused || !hideTimer) return;
      isPaused = true;
      timers.clearTimeout(hideTimer);
      hideTimer = null;
      remainingMs = Math.max(0, remainingMs - (timers.now() - startedAt));
    },
    resume() {
      if (!state.isOpen || !isPaused) return;
      isPaused = false;
      startCountdown(remainingMs);
    },
  };
}

export type CartPopupStore = ReturnType<typeof createCartPopupStore>;

export const cartPopup = createCartPopupStore();
export const showCartPopup = cartPopup.show;

export function useCartPopup(): CartPopupState {
  return useSyncExternalStore(cartPopup.subscribe, cartPopup.getState, cartPopup.getServerState);
}
