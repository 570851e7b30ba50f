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

/**
 * An amount an admin types in dollars ("12.50", "-5", "$1,000") as signed cents, or why it is not
 * one. The form's own check, before the server's schema checks the cents again.
 */
export function parseCreditAmount(text: string): { cents: number } | { error: string } {
  const plain = text
    .trim()
    .replace(/^([+-]?)\s*\$/, '$1')
    .replaceAll(',', '');
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return { error: 'Enter an amount in dollars, such as 12.50, or -5 to correct' };
  const [, sign, dollars = '', fraction = ''] = match;
  if (dollars.length > 7) return { error: 'Enter at most $10,000 either way' };
  const cents = Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0) return { error: 'Enter an amount other than zero' };
  if (cents > MAX_CREDIT_GRANT_CENTS) return { error: 'Enter at most $10,000 either way' };
  return { cents: sign === '-' ? -cents : cents };
}
