import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands the en-US way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2500)).toBe('2,500');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('says what Intl says, for whole and fractional numbers alike', () => {
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.double({ noNaN: true })), (n) => {
        expect(formatCount(n)).toBe(intl.format(n));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural, grouped', () => {
    expect(countOf(1, 'code')).toBe('1 code');
    expect(countOf(0, 'code')).toBe('0 codes');
    expect(countOf(1200, 'code')).toBe('1,200 codes');
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
  });
});
