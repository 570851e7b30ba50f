// Seller analytics (requirements §13, decision 025), without zod so the browser can import them
// (`@everdeal/contracts/seller-analytics-rules`).

export const SELLER_ANALYTICS_PATH = '/seller/analytics';

/** The ranges a seller may look at: the last 7, 30 or 90 UTC days, today included. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

export const AnalyticsMessage = {
  range: 'Choose a range of 7, 30 or 90 days',
} as const;

/** A `?range=` value as a range, the default for anything else. */
export function parseAnalyticsRange(value: string | null): AnalyticsRange {
  const days = Number(value);
  return (ANALYTICS_RANGES as readonly number[]).includes(days) ? (days as AnalyticsRange) : DEFAULT_ANALYTICS_RANGE;
}

/**
 * Conversion: sales (paid order items) per counted product-page view, as a ratio; null without
 * views. It can pass 1: a view is counted once per visitor and day, and a buyer may buy twice.
 */
export function conversionRate(sales: number, views: number): number | null {
  return views > 0 ? sales / views : null;
}
