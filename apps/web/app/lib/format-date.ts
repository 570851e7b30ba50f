/**
 * The store's one way of writing dates (requirements §2 "Words"): "November 20, 2026", with the time when it
 * matters, "November 20, 2026 at 3:04 PM", and "November 2026" for a month. Pages rendered on
 * the server use UTC, so the hydrating browser prints the same text whatever its time zone;
 * pages that render only in the browser (the signed-in user's orders and tickets) pass the
 * browser's own zone by passing `undefined`.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, format);
  }
  return format;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A valid date of years 1000–9999 in UTC, which the formats below write by hand: a page's
 * first `Intl` formatter loads the browser's locale data in one long task (docs/benchmarks.md),
 * and server-rendered pages print UTC dates. Tests hold the hand-written text equal to `Intl`'s.
 */
function plainUtcDate(iso: string): Date | null {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date : null;
}

/** "November 20, 2026", in UTC unless told otherwise. */
export function formatDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  const date = timeZone === 'UTC' ? plainUtcDate(iso) : null;
  if (date) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return dateFormat({ dateStyle: 'long' }, timeZone).format(new Date(iso));
}

/** "November 20, 2026 at 3:04 PM", in the browser's time zone unless told otherwise. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = timeZone === 'UTC' ? plainUtcDate(iso) : null;
  if (date) {
    const hours = date.getUTCHours();
    const minutes = String(date.getUTCMinutes()).padStart(2, '0');
    const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
    return `${day} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  }
  return dateFormat({ dateStyle: 'long', timeStyle: 'short' }, timeZone).format(new Date(iso));
}

/** "November 2026", in UTC. */
export function formatMonth(iso: string): string {
  const date = plainUtcDate(iso);
  if (date) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return dateFormat({ month: 'long', year: 'numeric' }, 'UTC').format(new Date(iso));
}

/** The YYYY-MM-DD of an ISO time, for `<time dateTime>`. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * A stored ISO time as a `datetime-local` value in UTC: a deal's end is typed in UTC wherever it
 * is edited (the seller's product form and the admin's deal settings), so both show one time.
 */
export function toUtcInput(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}

/** A `datetime-local` value read as UTC, back to ISO; null when empty or not a date. */
export function fromUtcInput(value: string): string | null {
  // Only what the input gives ("2026-05-09T12:30", with seconds when they are not zero): Date's
  // parser reads much else as some date.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
