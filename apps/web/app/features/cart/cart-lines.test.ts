import type { CartContents, CartItem } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CART,
  lineLimit,
  lineQuantity,
  nextCartQuantity,
  quantityLimitNote,
  readTypedQuantity,
  withLineQuantity,
} from './cart-lines';

const item = (overrides: Partial<CartItem>): CartItem => ({
  productId: 1,
  variantId: 10,
  quantity: 1,
  name: 'Reelsmith',
  slug: 'reelsmith',
  image: null,
  planName: 'Tier 1',
  planKind: 'lifetime',
  billingInterval: null,
  price: 4900,
  regularPrice: 4900,
  originalPrice: 24900,
  currency: 'USD',
  maxQuantity: 9,
  refundWindowDays: 60,
  sale: null,
  ...overrides,
});

const cart = (items: CartItem[]): CartContents => withLineQuantity({ ...EMPTY_CART, items }, 0, 0, 1);

describe('nextCartQuantity (requirements §4: current plus the added amount, at most 9 per plan)', () => {
  it('adds one by default', () => {
    expect(nextCartQuantity(0)).toEqual({ status: 'ok', quantity: 1 });
    expect(nextCartQuantity(1)).toEqual({ status: 'ok', quantity: 2 });
  });

  it('adds a larger amount', () => {
    expect(nextCartQuantity(2, 3)).toEqual({ status: 'ok', quantity: 5 });
  });

  it('caps at 9 and says how many fitted', () => {
    expect(nextCartQuantity(7, 5)).toEqual({ status: 'capped', quantity: 9, added: 2 });
  });

  it('refuses to add to a full line', () => {
    expect(nextCartQuantity(9)).toEqual({ status: 'full', quantity: 9 });
  });

  it('treats nonsense amounts as one', () => {
    expect(nextCartQuantity(0, 0)).toEqual({ status: 'ok', quantity: 1 });
    expect(nextCartQuantity(0, -4)).toEqual({ status: 'ok', quantity: 1 });
  });
});

describe('lineQuantity', () => {
  it('finds the line of a product and plan, 0 when absent', () => {
    const contents = cart([item({ quantity: 3 }), item({ variantId: 11, quantity: 2 })]);
    expect(lineQuantity(contents, 1, 11)).toBe(2);
    expect(lineQuantity(contents, 1, 12)).toBe(0);
    expect(lineQuantity(undefined, 1, 10)).toBe(0);
  });
});

describe('readTypedQuantity', () => {
  it('keeps typed values within 0..9, 0 removing the line', () => {
    expect(readTypedQuantity('4')).toBe(4);
    expect(readTypedQuantity('12')).toBe(9);
    expect(readTypedQuantity('0')).toBe(0);
    expect(readTypedQuantity('3.0')).toBe(3);
  });

  it('refuses a negative number instead of reading it as 0, which would remove the line (requirements §4)', () => {
    expect(readTypedQuantity('-3')).toBe('negative');
    expect(readTypedQuantity('-0.5')).toBe('negative');
    expect(readTypedQuantity('-0')).toBe('negative');
  });

  it('refuses a part of a code rather than rounding it (0.5 would remove the line)', () => {
    expect(readTypedQuantity('0.5')).toBe('fraction');
    expect(readTypedQuantity('2.7')).toBe('fraction');
  });

  it('reads nothing from an empty or unreadable value', () => {
    expect(readTypedQuantity('')).toBeNull();
    expect(readTypedQuantity('  ')).toBeNull();
    expect(readTypedQuantity('abc')).toBeNull();
  });
});

describe('withLineQuantity (the optimistic cart)', () => {
  const contents = cart([
    item({ quantity: 1 }),
    item({ productId: 2, variantId: 20, price: 1000, originalPrice: 1000 }),
  ]);

  it('changes one line and recomputes the totals', () => {
    const next = withLineQuantity(contents, 1, 10, 3);
    expect(next.items.map((line) => line.quantity)).toEqual([3, 1]);
    expect(next.itemCount).toBe(4);
    expect(next.totalPrice).toBe(3 * 4900 + 1000);
    expect(next.originalTotalPrice).toBe(3 * 24900 + 1000);
    expect(next.totalDiscount).toBe(3 * 20000);
  });

  it('drops the line at 0', () => {
    const next = withLineQuantity(contents, 1, 10, 0);
    expect(next.items).toHaveLength(1);
    expect(next.itemCount).toBe(1);
    expect(next.totalDiscount).toBe(0);
  });

  it('leaves the input untouched', () => {
    withLineQuantity(contents, 1, 10, 5);
    expect(contents.items[0]?.quantity).toBe(1);
  });
});

describe('stock caps (requirements §9)', () => {
  it('adding stops at the codes left when fewer than 9 are', () => {
    expect(nextCartQuantity(3, 1, 4)).toEqual({ status: 'ok', quantity: 4 });
    expect(nextCartQuantity(4, 1, 4)).toEqual({ status: 'full', quantity: 4 });
    expect(nextCartQuantity(2, 5, 4)).toEqual({ status: 'capped', quantity: 4, added: 2 });
    expect(nextCartQuantity(2, 1, 40)).toEqual({ status: 'ok', quantity: 3 });
  });

  it('a line the cart knows is limited by its maxQuantity, a new one by 9', () => {
    const known = cart([item({ maxQuantity: 4 })]);
    expect(lineLimit(known, 1, 10)).toBe(4);
    expect(lineLimit(known, 1, 11)).toBe(9);
  });

  it('the note says why a line stops', () => {
    expect(quantityLimitNote(4, 4)).toBe('Only 4 codes left');
    expect(quantityLimitNote(1, 1)).toBe('Only 1 code left');
    expect(quantityLimitNote(4, 7)).toBe('Only 4 codes left: lower the quantity to check out');
    expect(quantityLimitNote(9, 9)).toBe('9 is the most one plan allows');
    expect(quantityLimitNote(0, 2)).toBe('This plan is sold out: remove it to check out');
  });
});
