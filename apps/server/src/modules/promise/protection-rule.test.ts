import { describe, expect, it } from 'vitest';
import { monthsBefore, protectionCents, protectionPercent } from './protection-rule';

const end = new Date('2027-03-03T12:00:00.000Z');

describe('protectionPercent (decision 031)', () => {
  it('gives 100% up to and including exactly 12 months before the end', () => {
    expect(protectionPercent(new Date('2027-03-03T11:59:59.999Z'), end)).toBe(100);
    expect(protectionPercent(new Date('2026-03-03T12:00:00.000Z'), end)).toBe(100);
  });

  it('gives 50% from just before 12 months to exactly 24 months', () => {
    expect(protectionPercent(new Date('2026-03-03T11:59:59.999Z'), end)).toBe(50);
    expect(protectionPercent(new Date('2025-03-03T12:00:00.000Z'), end)).toBe(50);
  });

  it('gives nothing before 24 months', () => {
    expect(protectionPercent(new Date('2025-03-03T11:59:59.999Z'), end)).toBe(0);
    expect(protectionPercent(new Date('2020-01-01T00:00:00.000Z'), end)).toBe(0);
  });
});

describe('monthsBefore', () => {
  it('keeps the day and the time of day', () => {
    expect(monthsBefore(end, 12).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(monthsBefore(end, 24).toISOString()).toBe('2025-03-03T12:00:00.000Z');
  });

  it('lands on the last day of a shorter month', () => {
    expect(monthsBefore(new Date('2027-03-31T08:00:00.000Z'), 1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(monthsBefore(new Date('2028-02-29T08:00:00.000Z'), 12).toISOString()).toBe('2027-02-28T08:00:00.000Z');
  });
});

describe('protectionCents', () => {
  it('ages each payment from its own date: an upgrade counts from its charge', () => {
    const purchase = { paidAt: new Date('2025-09-01T00:00:00.000Z'), keptCents: 5900 };
    const upgrade = { paidAt: new Date('2026-12-01T00:00:00.000Z'), keptCents: 4000 };
    expect(protectionCents([purchase, upgrade], end)).toBe(2950 + 4000);
  });

  it('returns only what the store kept of a payment, rounding half a cent up', () => {
    expect(protectionCents([{ paidAt: new Date('2025-09-01T00:00:00.000Z'), keptCents: 4999 }], end)).toBe(2500);
    expect(protectionCents([{ paidAt: new Date('2026-09-01T00:00:00.000Z'), keptCents: 0 }], end)).toBe(0);
  });

  it('is nothing without payments', () => {
    expect(protectionCents([], end)).toBe(0);
  });
});
