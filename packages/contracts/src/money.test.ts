import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountPercent, formatMoney, groupDigits } from './money';

describe('formatMoney', () => {
  it('drops ".00" on whole amounts', () => {
    expect(formatMoney(5900)).toBe('$59');
    expect(formatMoney(100)).toBe('$1');
  });

  it('shows cents when there are any', () => {
    expect(formatMoney(5950)).toBe('$59.50');
    expect(formatMoney(5905)).toBe('$59.05');
    expect(formatMoney(1)).toBe('$0.01');
  });

  it('formats zero', () => {
    expect(formatMoney(0)).toBe('$0');
  });

  it('groups thousands on large amounts', () => {
    expect(formatMoney(123_456_700)).toBe('$1,234,567');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
  });

  it('formats other currencies', () => {
    expect(formatMoney(5900, 'EUR')).toBe('€59');
    expect(formatMoney(5950, 'EUR')).toBe('€59.50');
    expect(formatMoney(5950, 'EUR', 'de-DE')).toBe('59,50\u00a0€');
  });

  it('treats zero-decimal currencies as whole units', () => {
    expect(formatMoney(5900, 'JPY')).toBe('¥5,900');
  });

  it('rejects anything but integer cents', () => {
    expect(() => formatMoney(12.5)).toThrow(TypeError);
    expect(() => formatMoney(12.5)).toThrow('integer cents');
    expect(() => formatMoney(Number.NaN)).toThrow(TypeError);
  });
});

describe('discountPercent', () => {
  it('is the saving against the original price, rounded down', () => {
    expect(discountPercent(5900, 29900)).toBe(80); // 80.27 %
    expect(discountPercent(50, 100)).toBe(50);
    expect(discountPercent(6700, 10000)).toBe(33);
    expect(discountPercent(1, 3)).toBe(66); // 66.67 % never rounds up to 67
  });

  it('is 0 without a saving or without an original price', () => {
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(200, 100)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(100, -5)).toBe(0);
  });

  it('is 100 for a free plan with a price', () => {
    expect(discountPercent(0, 100)).toBe(100);
  });
});

// The US dollar format is written by hand (no `Intl` on a page's first render); it must say
// exactly what `Intl` says, for every amount.
describe('formatMoney in US dollars, without Intl', () => {
  const whole = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const intl = (cents: number) => (cents % 100 === 0 ? whole : exact).format(cents / 100);

  it('matches Intl for any amount of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatMoney(cents)).toBe(intl(cents));
      }),
      { numRuns: 2_000 },
    );
    for (const cents of [0, -0, 1, 5, 99, 100, 101, 999_999, 100_000, -1, -100, -123_456_789]) {
      expect(formatMoney(cents)).toBe(intl(cents));
    }
  });

  it('groups whole numbers as en-US does', () => {
    const plain = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(groupDigits(n)).toBe(plain.format(n));
      }),
      { numRuns: 2_000 },
    );
  });
});
