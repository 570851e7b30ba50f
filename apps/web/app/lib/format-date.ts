/**
 * Dates as the store writes them ("November 20, 2026"). Pages rendered on the server use UTC, so
 * the hydrating browser prints the same text whatever its time zone; pages that render only in
 * the browser (the signed-in user's tickets) pass the browser's own zone by leaving it out.
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

/** "November 20, 2026", in UTC unless told otherwise. */
export function formatDate(iso: string, timeZone: string | undefined = 'UTC'): string {
  return dateFormat({ dateStyle: 'long' }, timeZone).format(new Date(iso));
}

/** "Nov 20, 2026, 3:04 PM" in the browser's time zone: for what only the browser renders. */
export function formatDateTime(iso: string): string {
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, undefined).format(new Date(iso));
}

/** The YYYY-MM-DD of an ISO time, for `<time dateTime>`. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
