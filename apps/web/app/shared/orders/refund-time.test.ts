import { describe, expect, it } from 'vitest';
import { refundTimeLeft } from './refund-time';

const now = Date.parse('2026-11-23T06:00:00Z');
const after = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('refundTimeLeft (requirements §11: the refund deadline as a countdown)', () => {
  it.each([
    [60 * DAY, '60 days'],
    [12 * DAY + 4 * HOUR + 30 * MINUTE, '12 days 4 hours'],
    [1 * DAY + 1 * HOUR, '1 day 1 hour'],
    [3 * HOUR + 20 * MINUTE + 5_000, '3 hours 20 minutes'],
    [45 * MINUTE, '45 minutes'],
    [1 * MINUTE, '1 minute'],
    [59_000, 'less than a minute'],
  ])('%i ms left → %s', (ms, text) => {
    expect(refundTimeLeft(after(ms), now)).toBe(text);
  });

  it('is null once the deadline has passed', () => {
    expect(refundTimeLeft(after(0), now)).toBeNull();
    expect(refundTimeLeft(after(-DAY), now)).toBeNull();
  });
});
