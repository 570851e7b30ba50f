import type { SellerAnalytics } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { figuresFor, formatConversion, isQuiet, shortDay } from './analytics-view';

const zero = { views: 0, cartAdds: 0, sales: 0, revenueCents: 0, conversion: null };
const analytics: SellerAnalytics = {
  from: '2026-11-22',
  to: '2026-11-24',
  days: 7,
  currency: 'USD',
  products: [
    { id: 1, name: 'A', slug: 'a', stage: 'live', totals: { ...zero, views: 4, sales: 1, conversion: 0.25 } },
    { id: 2, name: 'B', slug: 'b', stage: 'live', totals: { ...zero, views: 2, conversion: 0 } },
  ],
  daily: [
    { day: '2026-11-22', ...zero },
    { day: '2026-11-23', ...zero, views: 5, sales: 1, conversion: 0.2 },
    { day: '2026-11-24', ...zero, views: 1, conversion: 0 },
  ],
  cells: [
    { productId: 1, day: '2026-11-23', ...zero, views: 3, sales: 1, conversion: 1 / 3 },
    { productId: 2, day: '2026-11-23', ...zero, views: 2, conversion: 0 },
    { productId: 1, day: '2026-11-24', ...zero, views: 1, conversion: 0 },
  ],
  totals: { ...zero, views: 6, sales: 1, conversion: 1 / 6 },
};

describe('figuresFor', () => {
  it('answers the seller’s own days and totals for all products', () => {
    expect(figuresFor(analytics, null)).toEqual({ daily: analytics.daily, totals: analytics.totals });
  });

  it('fills one product’s days from its cells, with zeros elsewhere', () => {
    const { daily, totals } = figuresFor(analytics, 1);
    expect(daily).toEqual([
      { day: '2026-11-22', ...zero },
      { day: '2026-11-23', ...zero, views: 3, sales: 1, conversion: 1 / 3 },
      { day: '2026-11-24', ...zero, views: 1, conversion: 0 },
    ]);
    expect(totals).toEqual(analytics.products[0]?.totals);
  });
});

describe('formatting', () => {
  it('writes conversion as a percentage with one decimal, a dash without views', () => {
    expect(formatConversion(null)).toBe('–');
    expect(formatConversion(0)).toBe('0.0%');
    expect(formatConversion(1 / 3)).toBe('33.3%');
    expect(formatConversion(0.125)).toBe('12.5%');
    expect(formatConversion(2)).toBe('200.0%');
  });

  it('writes a day short', () => {
    expect(shortDay('2026-11-03')).toBe('Nov 3');
    expect(shortDay('2027-01-31')).toBe('Jan 31');
  });

  it('calls figures quiet only when nothing happened', () => {
    expect(isQuiet(zero)).toBe(true);
    expect(isQuiet({ ...zero, cartAdds: 1 })).toBe(false);
  });
});
