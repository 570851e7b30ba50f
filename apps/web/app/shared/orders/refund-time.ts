// Shared by the orders pages and the refund panel (requirements §11).

const UNITS = [
  { ms: 86_400_000, one: 'day', many: 'days' },
  { ms: 3_600_000, one: 'hour', many: 'hours' },
  { ms: 60_000, one: 'minute', many: 'minutes' },
] as const;

/**
 * The refund deadline as a countdown (requirements §11): the largest unit left and the one
 * below it ("12 days 4 hours", "3 hours", "45 minutes"), "less than a minute" at the very end,
 * null once it has passed.
 */
export function refundTimeLeft(refundableUntil: string, now: number): string | null {
  const left = Date.parse(refundableUntil) - now;
  if (!(left > 0)) return null;
  const counts = UNITS.map((unit, index) => Math.floor((left % (UNITS[index - 1]?.ms ?? Infinity)) / unit.ms));
  const first = counts.findIndex((count) => count > 0);
  if (first === -1) return 'less than a minute';
  return [first, first + 1]
    .filter((index) => index < UNITS.length && (counts[index] ?? 0) > 0)
    .map((index) => {
      const count = counts[index] ?? 0;
      const unit = UNITS[index];
      return `${count} ${count === 1 ? unit?.one : unit?.many}`;
    })
    .join(' ');
}
