import type { CartContents, CartItem } from '@everdeal/contracts';
import { DEFAULT_CURRENCY, MAX_CODES_PER_PLAN } from '@everdeal/contracts/constants';
import { ValidationMessage } from '@everdeal/contracts/messages';
import { recurringTotals } from '@everdeal/contracts/plans';

// Pure rules of the cart's lines (requirements §4, §9), shared by the mutations and their tests.

export const EMPTY_CART: CartContents = Object.freeze({
  items: [],
  itemCount: 0,
  totalPrice: 0,
  originalTotalPrice: 0,
  totalDiscount: 0,
  totalWeight: 0,
  currency: DEFAULT_CURRENCY,
  discounts: [],
  recurringTotals: [],
}) as CartContents;

function findLine(cart: CartContents | undefined, productId: number, variantId: number): CartItem | undefined {
  return cart?.items.find((item) => item.productId === productId && item.variantId === variantId);
}

export function lineQuantity(cart: CartContents | undefined, productId: number, variantId: number): number {
  return findLine(cart, productId, variantId)?.quantity ?? 0;
}

/**
 * The most a line may hold as far as the cart knows: what the server said is left for a line it
 * has (`maxQuantity`), else the per-plan limit (the server checks the pool of a new line).
 */
export function lineLimit(cart: CartContents | undefined, productId: number, variantId: number): number {
  return findLine(cart, productId, variantId)?.maxQuantity ?? MAX_CODES_PER_PLAN;
}

export type NextQuantity =
  | { status: 'ok'; quantity: number }
  | { status: 'capped'; quantity: number; added: number }
  | { status: 'full'; quantity: number };

/**
 * Requirements §4: adding sets the line to its current quantity plus the added amount (default 1),
 * within `limit`: the per-plan limit of MAX_CODES_PER_PLAN (requirements §9, stacking limit), or
 * fewer when fewer codes are left (requirements §9).
 */
export function nextCartQuantity(current: number, added = 1, limit = MAX_CODES_PER_PLAN): NextQuantity {
  const amount = Math.max(1, Math.floor(added));
  const most = Math.min(limit, MAX_CODES_PER_PLAN);
  if (current >= most) return { status: 'full', quantity: current };
  const wanted = current + amount;
  if (wanted > most) return { status: 'capped', quantity: most, added: most - current };
  return { status: 'ok', quantity: wanted };
}

/**
 * Why a line stops where it does (requirements §9): the codes the plan has left, or the
 * per-plan limit of 9; and, when the line holds more than is left, that it must come down.
 */
export function quantityLimitNote(max: number, quantity: number): string {
  if (max <= 0) return 'This plan is sold out: remove it to check out';
  const left = `Only ${max} ${max === 1 ? 'code' : 'codes'} left`;
  if (quantity > max) return `${left}: lower the quantity to check out`;
  return max < MAX_CODES_PER_PLAN ? left : `${MAX_CODES_PER_PLAN} is the most one plan allows`;
}

/**
 * What a shopper typed as a line's quantity: a whole number kept within 0..MAX_CODES_PER_PLAN (0
 * removes the line, requirements §4); `negative` (refused with "Quantity cannot be negative",
 * requirements §4) or `fraction` (refused: 0.5 read as 0 would remove the line), never read as
 * another number; null when empty or unreadable.
 */
export function readTypedQuantity(text: string): number | 'negative' | 'fraction' | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  if (value < 0 || Object.is(value, -0)) return 'negative';
  if (!Number.isInteger(value)) return 'fraction';
  return Math.min(MAX_CODES_PER_PLAN, value);
}

/** Said under a line's quantity when what was typed is refused. */
export const TYPED_QUANTITY_REFUSAL = {
  negative: ValidationMessage.quantityNegative,
  fraction: 'Enter a whole number of codes',
} as const;

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
  // The coupon's discount as last answered (decision 040), at most the new lines' price; the
  // server's answer puts the exact one in its place.
  const linesPrice = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const discount = cart.discounts.reduce((sum, line) => sum + line.amountCents, 0);
  const totalPrice = Math.max(0, linesPrice - discount);
  const originalTotalPrice = items.reduce((sum, item) => sum + item.originalPrice * item.quantity, 0);
  return {
    ...cart,
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPrice,
    originalTotalPrice,
    totalDiscount: originalTotalPrice - totalPrice,
    // At list prices until the server answers with the coupon's share taken off.
    recurringTotals: recurringTotals(items).map(({ interval, amount }) => ({ interval, amountCents: amount })),
  };
}
