import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, isoDay } from './format-date';

// Issue 17: the store writes every date one way.
describe('the store’s date format', () => {
  const iso = '2026-11-20T15:04:00Z';
  it('writes a day as "November 20, 2026", with the time after it, and a month as "November 2026"', () => {
    expect(formatDate(iso)).toBe('November 20, 2026');
    expect(formatDateTime(iso, 'UTC')).toBe('November 20, 2026 at 3:04 PM');
    expect(formatMonth(iso)).toBe('November 2026');
    expect(isoDay(iso)).toBe('2026-11-20');
  });

  it('uses UTC for server-rendered dates unless told the zone', () => {
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('November 20, 2026');
    expect(formatDate('2026-11-20T23:30:00Z', 'Asia/Tokyo')).toBe('November 21, 2026');
  });
});
