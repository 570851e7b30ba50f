import { formatDateTime } from '~/lib/format-date';

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

/** Whole days, hours, minutes and seconds until `endsAt`; null once it has passed. */
export function getTimeLeft(endsAt: string, now: number): TimeLeft | null {
  const totalMs = Date.parse(endsAt) - now;
  if (!Number.isFinite(totalMs) || totalMs <= 0) return null;
  const totalSeconds = Math.floor(totalMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

/** "2d 03h 12m 09s"; the days part is left out under a day. */
export function formatCountdown(left: TimeLeft): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(left.hours)}h ${pad(left.minutes)}m ${pad(left.seconds)}s`;
  return left.days > 0 ? `${left.days}d ${clock}` : clock;
}

/**
 * A deal's end as text that is the same on the server and in every browser (UTC), in the
 * store's date format, e.g. "May 3, 2026 at 2:00 PM UTC": the server renders it, the countdown
 * replaces it after hydration.
 */
export function formatEndTime(iso: string): string {
  return `${formatDateTime(iso, 'UTC')} UTC`;
}
