/**
 * The lifetime promise's protection (shared requirements "The lifetime promise", decision 031), as
 * a pure function of an item's payments: each payment (the purchase, an upgrade's charge, a
 * renewal) counts from its own date. Paid within 12 months before the deal's end: 100% of what the
 * store kept of it (the payment less what was refunded of it) comes back as store credit; within
 * 24 months: 50%, rounded half up to the cent; earlier: nothing. The month boundaries are calendar
 * months in UTC, both ends inclusive: a payment exactly 12 months before the end still gets 100%.
 */

export const FULL_PROTECTION_MONTHS = 12;
export const HALF_PROTECTION_MONTHS = 24;

/** One payment of an item: its time and what the store still holds of it (charge minus its refunds). */
export type ItemPayment = { paidAt: Date; keptCents: number };

/** `at` moved back by whole calendar months in UTC; a day the shorter month lacks becomes its last day. */
export function monthsBefore(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  const day = at.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The share of a payment made at `paidAt` the promise returns for a deal ending at `endAt`: 100, 50 or 0 (percent). */
export function protectionPercent(paidAt: Date, endAt: Date): 100 | 50 | 0 {
  const paid = paidAt.getTime();
  if (paid >= monthsBefore(endAt, FULL_PROTECTION_MONTHS).getTime()) return 100;
  if (paid >= monthsBefore(endAt, HALF_PROTECTION_MONTHS).getTime()) return 50;
  return 0;
}

/** The store credit an item earns when its deal ends at `endAt`, in cents (never negative). */
export function protectionCents(payments: readonly ItemPayment[], endAt: Date): number {
  let total = 0;
  for (const payment of payments) {
    const kept = Math.max(payment.keptCents, 0);
    total += Math.round((kept * protectionPercent(payment.paidAt, endAt)) / 100);
  }
  return total;
}
