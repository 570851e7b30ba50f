// Store-wide sale events (decision 042): the rules the server prices with and the admin's form
// checks before sending, in one place. No zod here: the browser imports it.

/** A sale takes at least 1% and at most 90% off: a store-wide sale never gives a deal away. */
export const SALE_PERCENT_MIN = 1;
export const SALE_PERCENT_MAX = 90;
export const SALE_NAME_MAX = 80;

/**
 * A plan's price during a sale, cents: the list price less `percentOff`, rounded half up to the
 * cent (`floor((price × (100 − percent) + 50) / 100)`), and never below 1 cent for a priced plan
 * (a sale never makes a plan free; a plan without a price stays unpriced).
 */
export function salePriceCents(priceCents: number, percentOff: number): number {
  if (priceCents <= 0) return priceCents;
  return Math.max(1, Math.floor((priceCents * (100 - percentOff) + 50) / 100));
}

/** Where a sale stands at `now`: before its start, running, or over (ended early or past its end). */
export type SaleEventStatus = 'upcoming' | 'running' | 'ended';

export function saleStatusAt(
  sale: { startsAt: string; endsAt: string; endedAt: string | null },
  now: number,
): SaleEventStatus {
  const end = Math.min(Date.parse(sale.endsAt), sale.endedAt ? Date.parse(sale.endedAt) : Number.POSITIVE_INFINITY);
  if (now >= end) return 'ended';
  return now < Date.parse(sale.startsAt) ? 'upcoming' : 'running';
}
