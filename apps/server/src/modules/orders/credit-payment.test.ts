import { describe, expect, it } from 'vitest';
import { creditShares } from './credit-payment';

describe('creditShares (decision 030: largest remainder)', () => {
  it('adds up exactly to the credit, in proportion to the amounts', () => {
    expect(creditShares([4900, 2900], 3000)).toEqual([1885, 1115]);
    expect(creditShares([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(creditShares([1, 1, 1], 2)).toEqual([1, 1, 0]);
  });

  it('gives ties to the earlier item, so the same order always splits the same way', () => {
    expect(creditShares([500, 500], 1)).toEqual([1, 0]);
    expect(creditShares([300, 300, 300], 200)).toEqual([67, 67, 66]);
  });

  it('never gives an item more than its amount, and covers every item when the credit covers the total', () => {
    expect(creditShares([4900, 100], 5000)).toEqual([4900, 100]);
    expect(creditShares([4900, 100], 9999)).toEqual([4900, 100]);
    const shares = creditShares([1, 99_999_999, 3], 50_000_001);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(50_000_001);
    for (const [index, share] of shares.entries()) expect(share).toBeLessThanOrEqual([1, 99_999_999, 3][index] ?? 0);
  });

  it('is all zeros without credit', () => {
    expect(creditShares([4900, 2900], 0)).toEqual([0, 0]);
  });
});
