import { DEFAULT_CURRENCY } from './constants';

/** Money is an integer of minor units (cents) plus a currency code, never a float. */
export type Money = { amount: number; currency: string };

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string, wholeUnits: boolean) {
  const key = `${locale}:${currency}:${wholeUnits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(wholeUnits ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

const minorUnits = new Map<string, number>();

/** 100 for USD and EUR, 1 for JPY: from the currency's own fraction digits, looked up once. */
function minorUnitsPerMajor(currency: string, locale: string): number {
  let perMajor = minorUnits.get(currency);
  if (perMajor === undefined) {
    perMajor = 10 ** (formatterFor(currency, locale, false).resolvedOptions().maximumFractionDigits ?? 2);
    minorUnits.set(currency, perMajor);
  }
  return perMajor;
}

/**
 * "1234567" → "1,234,567": en-US digit grouping of a whole number, without `Intl`. A page's first
 * `Intl` formatter makes the browser load its locale data (30–100 ms on a phone, one long task;
 * docs/benchmarks.md, "What the Lighthouse figures say"), so the store's own formats (US dollars,
 * counts) are written by hand; tests hold them equal to `Intl`'s.
 */
export function groupDigits(whole: number): string {
  const digits = String(Math.abs(whole));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    grouped = grouped
      ? `${digits.slice(Math.max(0, end - 3), end)},${grouped}`
      : digits.slice(Math.max(0, end - 3), end);
  }
  return whole < 0 ? `-${grouped}` : grouped;
}

/** US dollars as en-US writes them, "$1,234" or "-$1,234.05", for amounts `Intl` prints exactly. */
function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const dollars = Math.floor(absolute / 100);
  const rest = absolute % 100;
  return `${sign}$${groupDigits(dollars)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/**
 * Formats cents for display. Whole amounts drop the ".00" ("$59", "$59.50") because deal
 * prices are mostly round and the shorter form reads faster on a card.
 */
export function formatMoney(cents: number, currency = DEFAULT_CURRENCY, locale = 'en-US'): string {
  if (!Number.isInteger(cents)) throw new TypeError(`Money must be integer cents, got ${cents}`);
  if (currency === 'USD' && locale === 'en-US' && Number.isSafeInteger(cents) && !Object.is(cents, -0)) {
    return formatUsd(cents);
  }
  const minorPerMajor = minorUnitsPerMajor(currency, locale);
  const wholeUnits = cents % minorPerMajor === 0;
  return formatterFor(currency, locale, wholeUnits).format(cents / minorPerMajor);
}

/** Percentage saved against the original price, rounded down so we never overstate a deal. */
export function discountPercent(price: number, originalPrice: number): number {
  if (originalPrice <= 0 || price >= originalPrice) return 0;
  return Math.floor(((originalPrice - price) / originalPrice) * 100);
}
