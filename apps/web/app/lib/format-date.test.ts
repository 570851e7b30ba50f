import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, fromUtcInput, isoDay, toUtcInput } from './format-date';

// Requirements §2 "Words": the store writes every date one way.
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

  it('writes UTC days, times and months by hand exactly as Intl does, for any time of years 1000–9999', () => {
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString();
          expect(formatDate(iso)).toBe(day.format(date));
          expect(formatMonth(iso)).toBe(month.format(date));
          expect(formatDateTime(iso, 'UTC')).toBe(dayAndTime.format(date));
        },
      ),
      { numRuns: 2_000 },
    );
    // Outside those years, and for what is no date, Intl answers as before.
    expect(formatDate('0999-12-31T00:00:00Z')).toBe(day.format(new Date('0999-12-31T00:00:00Z')));
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('deal end times typed in UTC', () => {
  it('shows a stored time as a datetime-local value in UTC and reads it back', () => {
    expect(toUtcInput('2026-05-09T12:30:00.000Z')).toBe('2026-05-09T12:30');
    expect(toUtcInput(null)).toBe('');
    expect(fromUtcInput('2026-05-09T12:30')).toBe('2026-05-09T12:30:00.000Z');
    // A browser gives seconds when they are not zero: they are kept, not read as "no end".
    expect(fromUtcInput('2026-05-09T12:30:45')).toBe('2026-05-09T12:30:45.000Z');
    expect(fromUtcInput('2026-05-09T12:30:45.5')).toBe('2026-05-09T12:30:45.500Z');
    expect(fromUtcInput('')).toBeNull();
    expect(fromUtcInput('not a time')).toBeNull();
  });
});
