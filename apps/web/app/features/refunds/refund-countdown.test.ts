import { describe, expect, it } from 'vitest';
import { refundTimeLeft } from './refund-countdown';

const now = new Date('2026-11-23T10:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('refundTimeLeft', () => {
  it.each([
    [59 * 24 * 3_600_000 + 5 * 3_600_000, '59 days 5 h left'],
    [24 * 3_600_000, '1 day 0 h left'],
    [3 * 3_600_000 + 25 * 60_000, '3 h 25 min left'],
    [90_000, '1 min left'],
    [10_000, '1 min left'],
  ])('%d ms before the deadline reads "%s"', (ms, text) => {
    expect(refundTimeLeft(inMs(ms), now)).toBe(text);
  });

  it('is null at and after the deadline', () => {
    expect(refundTimeLeft(inMs(0), now)).toBeNull();
    expect(refundTimeLeft(inMs(-1), now)).toBeNull();
  });
});
