import { describe, expect, it } from 'vitest';
import { refundPartsOf, vatIncludedNote } from './refund-money';

describe('an item’s refund money', () => {
  it('adds the card’s part and the store credit’s', () => {
    expect(refundPartsOf({ refundMoney: { cardCents: 2543, creditCents: 3000 } })).toEqual({
      card: 2543,
      credit: 3000,
      total: 5543,
    });
  });

  it('is null when no refund returns money', () => {
    expect(refundPartsOf({ refundMoney: null })).toBeNull();
  });

  it('says VAT is included only for an item that was charged VAT', () => {
    expect(vatIncludedNote({ taxCents: 931 })).toBe(' (VAT included)');
    expect(vatIncludedNote({ taxCents: 0 })).toBe('');
  });
});
