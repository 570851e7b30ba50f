// Payouts that move money (decision 036), the words and numbers the server and the pages share.

/** A transfer is made only when the balance at the period's end is at least this ($50); else it carries over. */
export const PAYOUT_MINIMUM_CENTS = 5_000;

/** A transfer's state: under way, paid to the account, refused by the provider, or nothing sent (balance under the minimum). */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'carried_over'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The seller's payout account: none yet, created but the provider does not pay it yet, or ready. */
export const PAYOUT_ACCOUNT_STATES = ['not_connected', 'pending', 'ready'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATES)[number];

export const PAYOUTS_PAGE_SIZE = 20;

/** Where the provider sends the seller back after onboarding (`onboarding=return`) or when a link expired (`refresh`). */
export const PAYOUT_ONBOARDING_PARAM = 'onboarding';

export const PayoutMessage = {
  providerUnavailable: 'The payout provider is not answering. Please try again in a few minutes.',
} as const;

/** How the pages name a transfer's state. */
export const PAYOUT_STATUS_WORDS: Record<PayoutStatus, string> = {
  pending: 'In progress',
  paid: 'Paid',
  failed: 'Failed',
  carried_over: 'Carried over',
};
