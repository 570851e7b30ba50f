import { describe, expect, it } from 'vitest';
import { formatCountdown, formatEndTime, getTimeLeft } from './countdown';

describe('getTimeLeft', () => {
  const now = Date.parse('2026-05-01T00:00:00Z');

  it('splits the remaining time into days, hours, minutes and seconds', () => {
    const left = getTimeLeft('2026-05-03T03:12:09Z', now);
    expect(left).toMatchObject({ days: 2, hours: 3, minutes: 12, seconds: 9 });
    expect(left && formatCountdown(left)).toBe('2d 03h 12m 09s');
  });

  it('drops the days under a day', () => {
    const left = getTimeLeft('2026-05-01T05:00:01Z', now);
    expect(left && formatCountdown(left)).toBe('05h 00m 01s');
  });

  it('is null once the end has passed or for a bad date', () => {
    expect(getTimeLeft('2026-04-30T23:59:59Z', now)).toBeNull();
    expect(getTimeLeft('2026-05-01T00:00:00Z', now)).toBeNull();
    expect(getTimeLeft('not a date', now)).toBeNull();
  });
});

describe('formatEndTime', () => {
  it('formats in UTC so the server and the browser agree', () => {
    expect(formatEndTime('2026-05-03T14:00:00Z')).toBe('May 3, 2026 at 2:00 PM UTC');
  });
});
