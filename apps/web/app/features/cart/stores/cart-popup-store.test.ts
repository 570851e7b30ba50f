import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_POPUP_PANEL_WAIT_MS, createCartPopupStore } from './cart-popup-store';

describe('cart popup (requirements §2, §4: 3 s on screen, product cleared 300 ms later)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () =>
    createCartPopupStore({
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (id) => clearTimeout(id),
        now: () => Date.now(),
      },
    });

  it('shows, hides after 3 s and clears the product 300 ms later', () => {
    const store = make();
    store.show({ name: 'Reelsmith', image: null, plan: 'Tier 1' });
    store.shown();
    expect(store.get()).toEqual({
      isOpen: true,
      product: { name: 'Reelsmith', image: null, plan: 'Tier 1', price: null },
      takesFocus: false,
    });
    vi.advanceTimersByTime(2999);
    expect(store.get().isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get().isOpen).toBe(false);
    expect(store.get().product?.name).toBe('Reelsmith');
    vi.advanceTimersByTime(299);
    expect(store.get().product).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.get()).toEqual({ isOpen: false, product: null, takesFocus: false });
  });

  it('falls back to "lifetime plan" and no image', () => {
    const store = make();
    store.show({ name: 'Reelsmith', image: '', plan: '' });
    expect(store.get().product).toEqual({ name: 'Reelsmith', image: null, plan: 'lifetime plan', price: null });
  });

  it('carries the price as text and takes focus only when a keyboard added the item', () => {
    const store = make();
    const element = { isConnected: true } as HTMLElement;
    store.show({ name: 'Sheetsense', plan: 'Monthly', price: '$9/month' }, { element, isKeyboard: true });
    expect(store.get()).toMatchObject({ product: { price: '$9/month' }, takesFocus: true });
    expect(store.opener()).toBe(element);
    store.show({ name: 'Sheetsense', plan: 'Monthly' }, { element, isKeyboard: false });
    expect(store.get().takesFocus).toBe(false);
    store.hide();
    expect(store.get().takesFocus).toBe(false);
  });

  it('restarts the countdown when another item is added', () => {
    const store = make();
    store.show({ name: 'A' });
    store.shown();
    vi.advanceTimersByTime(2500);
    store.show({ name: 'B' });
    store.shown();
    vi.advanceTimersByTime(2500);
    expect(store.get()).toMatchObject({ isOpen: true, product: { name: 'B' } });
    vi.advanceTimersByTime(500);
    expect(store.get().isOpen).toBe(false);
  });

  it('counts its 3 s from when the panel is on screen, not from the add', () => {
    const store = make();
    store.show({ name: 'A' });
    // A slow phone still fetching the panel's chunk: nothing on screen yet.
    vi.advanceTimersByTime(2000);
    store.shown();
    vi.advanceTimersByTime(2999);
    expect(store.get().isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get().isOpen).toBe(false);
  });

  it('waits for a late panel, and closes 10 s after the add when it never shows (its chunk failed)', () => {
    const store = make();
    store.show({ name: 'A' });
    vi.advanceTimersByTime(CART_POPUP_PANEL_WAIT_MS - 1);
    expect(store.get().isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get().isOpen).toBe(false);
    // A late "on screen" neither reopens it nor keeps its product from being cleared.
    store.shown();
    vi.advanceTimersByTime(300);
    expect(store.get()).toEqual({ isOpen: false, product: null, takesFocus: false });
  });

  it('keeps a held popup held when its panel comes on screen', () => {
    const store = make();
    store.show({ name: 'A' });
    store.pause();
    store.shown();
    vi.advanceTimersByTime(10_000);
    expect(store.get().isOpen).toBe(true);
    store.resume();
    vi.advanceTimersByTime(3000);
    expect(store.get().isOpen).toBe(false);
  });

  it('pauses while hovered and resumes with the time left', () => {
    const store = make();
    store.show({ name: 'A' });
    store.shown();
    vi.advanceTimersByTime(1000);
    store.pause();
    vi.advanceTimersByTime(10_000);
    expect(store.get().isOpen).toBe(true);
    store.resume();
    vi.advanceTimersByTime(1999);
    expect(store.get().isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get().isOpen).toBe(false);
  });

  it('hides at once on request and notifies subscribers', () => {
    const store = make();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ name: 'A' });
    store.hide();
    expect(store.get().isOpen).toBe(false);
    vi.advanceTimersByTime(300);
    expect(store.get().product).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
