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
 * Formats cents for display. Whole amounts drop the ".00" ("$59", "$59.50") because deal
 * prices are mostly round and the shorter form reads faster on a card.
 */
export function formatMoney(cents: number, currency = DEFAULT_CURRENCY, locale = 'en-US'): string {
  if (!Number.isInteger(cents)) throw new TypeError(`Money must be integer cents, got ${cents}`);
  const minorPerMajor = minorUnitsPerMajor(currency, locale);
  const wholeUnits = cents % minorPerMajor === 0;
  return formatterFor(currency, locale, wholeUnits).format(cents / minorPerMajor);
}

/** Percentage saved against the original price, rounded down so we never overstate a deal. */
export function discountPercent(price: number, originalPrice: number): number {
  if (originalPrice <= 0 || price >= originalPrice) return 0;
  return Math.floor(((originalPrice - price) / originalPrice) * 100);
}
