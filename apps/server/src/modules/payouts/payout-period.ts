import { PAYOUT_MINIMUM_CENTS } from '@everdeal/contracts';

// When a transfer is made and what it pays (decision 036), in TypeScript beside the round so the
// rule is read in one place: the calendar month in UTC, from the injected clock.

/** A refused transfer is tried again after a day with a new attempt, three attempts a period at most. */
export const PAYOUT_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
export const PAYOUT_MAX_ATTEMPTS = 3;
/** A claimed pending transfer is not called again by another round before this much time. */
export const PAYOUT_LEASE_MS = 10 * 60 * 1000;

/**
 * The period a round at `now` pays: the previous calendar month (UTC), whose closing balance is
 * taken at `cutoff`, the first instant of the current month. `nextRunAt` is the first instant of
 * the next month, when the current month's turn comes.
 */
export function payoutPeriod(now: Date): { period: string; cutoff: Date; nextRunAt: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const cutoff = new Date(Date.UTC(year, month, 1));
  const previous = new Date(Date.UTC(year, month - 1, 1));
  return {
    period: previous.toISOString().slice(0, 7),
    cutoff,
    nextRunAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** The provider's idempotency key of one attempt: one seller, one period, one attempt, one transfer. */
export function payoutKey(sellerId: number, period: string, attempt: number): string {
  return `everdeal:payout:${sellerId}:${period}:${attempt}`;
}

/** The key the seller's connected account is created with: one account per seller. */
export function payoutAccountKey(sellerId: number): string {
  return `everdeal:payout-account:${sellerId}`;
}

/** A transfer only from the minimum up; anything less (or a negative balance) carries over. */
export function isTransferable(balanceCents: number): boolean {
  return balanceCents >= PAYOUT_MINIMUM_CENTS;
}
