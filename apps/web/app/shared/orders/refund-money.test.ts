import { describe, expect, it } from 'vitest';
import { isAllCredit, refundPartsOf, vatIncludedNote } from './refund-money';

describe('an item’s refund money', () => {
  it('adds the card’s part and the store credit’s', () => {
    expect(refundPartsOf({ refundMoney: { cardCents: 2543, creditCents: 3000, taxCents: 543 } })).toEqual({
      card: 2543,
      credit: 3000,
      total: 5543,
      tax: 543,
    });
  });

  it('is null when no refund returns money', () => {
    expect(refundPartsOf({ refundMoney: null })).toBeNull();
  });

  it('says VAT is included only when the refund returns some', () => {
    expect(vatIncludedNote({ card: 8211, credit: 0, total: 8211, tax: 1311 })).toBe(' (VAT included)');
    expect(vatIncludedNote({ card: 6900, credit: 0, total: 6900, tax: 0 })).toBe('');
  });

  it('is all store credit only when there is credit and nothing from the card', () => {
    expect(isAllCredit({ card: 0, credit: 4900, total: 4900, tax: 0 })).toBe(true);
    expect(isAllCredit({ card: 1900, credit: 3000, total: 4900, tax: 0 })).toBe(false);
    // A free item (a 100% coupon) returns nothing, from neither: not "store credit".
    expect(isAllCredit({ card: 0, credit: 0, total: 0, tax: 0 })).toBe(false);
  });
});
