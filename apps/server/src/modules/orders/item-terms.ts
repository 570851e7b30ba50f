/**
 * The dates an item's rules give it, in one place a person can read (docs/architecture.md
 * "Where the rules live"): how long it can be refunded (requirements §11, decision 010) and the
 * periods of a subscription (decision 020). The statements that settle, renew and change items
 * write these values; they compute none of them.
 *
 * All arithmetic is in UTC. Adding a month keeps the time of day and the day of the month, or
 * the month's last day when it has fewer (31 January + 1 month = the last day of February), as
 * PostgreSQL's `timestamptz + interval '1 month'` does in a UTC session; item-terms.test.ts
 * checks the two agree.
 */
import type { BillingInterval } from '@everdeal/contracts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The end of an item's refund window: `windowDays` whole days after it was paid, or null when
 * the product gives no refund window (a 0-day window: requirements §11).
 */
export function refundableUntil(paidAt: Date, windowDays: number): Date | null {
  return windowDays > 0 ? new Date(paidAt.getTime() + windowDays * DAY_MS) : null;
}

/** `months` calendar months after `at`, keeping the time of day (see the file's comment). */
function addMonths(at: Date, months: number): Date {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  target.setUTCHours(at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds());
  return target;
}

/** The end of a subscription period that starts at `start`: one month or one year later. */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  return addMonths(start, interval === 'year' ? 12 : 1);
}

/** What settlement needs to know of an item to date it. */
export type ItemRules = {
  id: string;
  refundWindowDays: number;
  planKind: string;
  billingInterval: BillingInterval | null;
};

/** The dates settlement gives an item paid at `paidAt`, as the settle statement takes them. */
export type ItemTerms = {
  id: string;
  refundable_until: string | null;
  period_start: string | null;
  period_end: string | null;
};

/**
 * The terms of each item of an order paid at `paidAt`: its refund deadline and, for a
 * subscription, its first period (from the payment to one interval later).
 */
export function termsAtPayment(items: ItemRules[], paidAt: Date): ItemTerms[] {
  return items.map((item) => {
    const subscription = item.planKind === 'subscription' && item.billingInterval !== null;
    return {
      id: item.id,
      refundable_until: refundableUntil(paidAt, item.refundWindowDays)?.toISOString() ?? null,
      period_start: subscription ? paidAt.toISOString() : null,
      period_end: subscription && item.billingInterval ? periodEnd(paidAt, item.billingInterval).toISOString() : null,
    };
  });
}
