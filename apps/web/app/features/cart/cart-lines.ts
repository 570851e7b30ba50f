import type { CartContents, CartItem } from '@everdeal/contracts';
import { DEFAULT_CURRENCY, MAX_CODES_PER_PLAN } from '@everdeal/contracts/constants';

// Pure rules of the cart's lines (requirements §4, §9), shared by the mutations and their tests.

export const EMPTY_CART: CartContents = Object.freeze({
  items: [],
  itemCount: 0,
  totalPrice: 0,
  originalTotalPrice: 0,
  totalDiscount: 0,
  totalWeight: 0,
  currency: DEFAULT_CURRENCY,
}) as CartContents;

export function lineQuantity(cart: CartContents | undefined, productId: number, variantId: number): number {
  return cart?.items.find((item) => item.productId === productId && item.variantId === variantId)?.quantity ?? 0;
}

export type NextQuantity =
  | { status: 'ok'; quantity: number }
  | { status: 'capped'; quantity: number; added: number }
  | { status: 'full'; quantity: number };

/**
 * Requirements §4: adding sets the line to its current quantity plus the added amount (default 1),
 * within the per-plan limit of MAX_CODES_PER_PLAN (requirements §9, stacking limit).
 */
export function nextCartQuantity(current: number, added = 1): NextQuantity {
  const amount = Math.max(1, Math.floor(added));
  if (current >= MAX_CODES_PER_PLAN) return { status: 'full', quantity: current };
  const wanted = current + amount;
  if (wanted > MAX_CODES_PER_PLAN) {
    return { status: 'capped', quantity: MAX_CODES_PER_PLAN, added: MAX_CODES_PER_PLAN - current };
  }
  return { status: 'ok', quantity: wanted };
}

/** Keeps a typed quantity within 0..MAX_CODES_PER_PLAN; anything unreadable is null. */
export function clampQuantity(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(MAX_CODES_PER_PLAN, Math.max(0, Math.trunc(value)));
}

/**
 * The cart as it will look once one line has `quantity` (0 drops the line), with the totals
 * recomputed from unit prices. Shown while the change is on its way; the server's answer wins.
 */
export function withLineQuantity(
  cart: CartContents,
  productId: number,
  variantId: number,
  quantity: number,
): CartContents {
  const isLine = (item: CartItem) => item.productId === productId && item.variantId === variantId;
  const items =
    quantity <= 0
      ? cart.items.filter((item) => !isLine(item))
      : cart.items.map((item) => (isLine(item) ? { ...item, quantity } : item));
  const totalPrice = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const originalTotalPrice = items.reduce((sum, item) => sum + item.originalPrice * item.quantity, 0);
  return {
    ...cart,
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPrice,
    originalTotalPrice,
    totalDiscount: originalTotalPrice - totalPrice,
  };
}
