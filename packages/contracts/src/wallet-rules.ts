// Store credit's rules that both ends need (shared requirements "Store credit", decision 030),
// without zod: the web app's credit pages and the admin's grant form import them from
// `@everdeal/contracts/wallet-rules`.

/** Why credit moved; the same list as the database's `wallet_entry_kind`. */
export const WALLET_ENTRY_KINDS = ['refund', 'protection', 'admin', 'spend', 'gift', 'referral'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** Store credit is US dollars: 1 credit = 1 cent. */
export const WALLET_CURRENCY = 'USD';

/** Movements a page of the history shows, newest first. */
export const WALLET_PAGE_SIZE = 20;

/** One admin grant or correction moves at most $10,000 either way: a typo must not mint a fortune. */
export const MAX_CREDIT_GRANT_CENTS = 1_000_000;

/** An admin's note on a grant, shown to the shopper beside it and kept in the audit log. */
export const CREDIT_NOTE_MAX = 500;

export const WalletMessage = {
  notEnoughCredit: 'Not enough store credit',
  amountNotWhole: 'must be a whole number of cents',
  amountZero: 'must not be zero',
  amountTooLarge: `must be at most ${MAX_CREDIT_GRANT_CENTS} cents either way`,
  noteRequired: 'is required',
  noteTooLong: `must be at most ${CREDIT_NOTE_MAX} characters long`,
} as const;
