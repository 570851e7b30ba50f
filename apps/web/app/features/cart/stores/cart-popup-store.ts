import { CART_POPUP_CLEAR_MS, CART_POPUP_MS, DEFAULT_PLAN_LABEL } from '@everdeal/contracts/constants';
import { createStore, useStore } from '~/lib/create-store';

/**
 * Requirements §3 "Cart popup product": what the popup shows about the item just added, with the
 * plan's price as text ("$9/month"), so a subscription says it recurs (requirements §2, cart popup).
 */
export type CartPopupProduct = { name: string; image: string | null; plan: string; price: string | null };

export type CartPopupState = {
  /** Whether the popup is on screen; it fades out while `product` is still set. */
  isOpen: boolean;
  product: CartPopupProduct | null;
  /** Opened from the keyboard: the popup takes focus, so a screen reader announces the dialog. */
  takesFocus: boolean;
};

/** The control that added the item, and whether a keyboard pressed it (requirements §2, cart popup). */
export type CartPopupOpener = { element: HTMLElement; isKeyboard: boolean };

const CLOSED: CartPopupState = Object.freeze({ isOpen: false, product: null, takesFocus: false });

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

/** How long an open popup waits for its panel to come on screen before it closes unseen. */
export const CART_POPUP_PANEL_WAIT_MS = 10_000;

/**
 * Requirements §2 and §4: after adding to cart the popup shows for 3 s, then hides, and its product is
 * cleared 300 ms later (the fade-out still shows it). Hovering or focusing the popup pauses the
 * countdown, and leaving it resumes with the time that was left (WCAG 2.2.1, timing adjustable).
 * The 3 s count from when the panel is on screen (`shown`): its code is a chunk of its own, which
 * a slow phone may still be fetching or running when the add's answer arrives, and counted from
 * `show` the popup could hide before the shopper ever saw it. A panel that never comes (its chunk
 * failed) closes the popup `panelWaitMs` after the add.
 */
export function createCartPopupStore({
  showMs = CART_POPUP_MS,
  clearMs = CART_POPUP_CLEAR_MS,
  panelWaitMs = CART_POPUP_PANEL_WAIT_MS,
  timers = realTimers,
}: {
  showMs?: number;
  clearMs?: number;
  panelWaitMs?: number;
  timers?: Timers;
} = {}) {
  const state = createStore(CLOSED);
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let clearTimer: ReturnType<typeof setTimeout> | null = null;
  let remainingMs = showMs;
  let startedAt = 0;
  let isPaused = false;
  let opener: HTMLElement | null = null;

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
    const { product } = state.get();
    if (!product) return;
    state.set({ isOpen: false, product, takesFocus: false });
    clearTimer = timers.setTimeout(() => {
      clearTimer = null;
      state.set(CLOSED);
    }, clearMs);
  }

  return {
    get: state.get,
    subscribe: state.subscribe,
    getServerState: state.getServerState,
    show(
      product: { name: string; image?: string | null; plan?: string | null; price?: string | null },
      from?: CartPopupOpener,
    ) {
      stopTimers();
      isPaused = false;
      opener = from?.element ?? null;
      state.set({
        isOpen: true,
        product: {
          name: product.name,
          image: product.image || null,
          plan: product.plan || DEFAULT_PLAN_LABEL,
          price: product.price || null,
        },
        takesFocus: from?.isKeyboard ?? false,
      });
      // Until the panel says it is on screen (`shown`), which starts the 3 s.
      startCountdown(panelWaitMs);
    },
    /** The panel is on screen with the item: its 3 s start now (unless the shopper holds it). */
    shown() {
      if (!state.get().isOpen) return;
      // Held already (the pointer or focus was on it as it appeared): the 3 s wait for the resume.
      if (isPaused) {
        remainingMs = showMs;
        return;
      }
      stopTimers();
      startCountdown(showMs);
    },
    /** The control that added the item, while it is still on the page: focus goes back to it. */
    opener: () => (opener?.isConnected ? opener : null),
    hide,
    pause() {
      if (!state.get().isOpen || isPaused || !hideTimer) return;
      isPaused = true;
      timers.clearTimeout(hideTimer);
      hideTimer = null;
      remainingMs = Math.max(0, remainingMs - (timers.now() - startedAt));
    },
    resume() {
      if (!state.get().isOpen || !isPaused) return;
      isPaused = false;
      startCountdown(remainingMs);
    },
  };
}

export type CartPopupStore = ReturnType<typeof createCartPopupStore>;

export const cartPopup = createCartPopupStore();
export const showCartPopup = cartPopup.show;

export function useCartPopup(): CartPopupState {
  return useStore(cartPopup);
}
