import type { WalletEntry } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { orderNumber } from '~/shared/orders/order-number';

// How a movement of store credit reads (shared requirements "Store credit", decision 030): the
// kind in words, the order it belongs to, and the amount with its sign written out, so colour is
// never the only cue of whether credit came in or went out.

const KIND_WORDS: Record<WalletEntry['kind'], string> = {
  refund: 'Refund to credit',
  protection: 'Lifetime promise protection',
  admin: 'Credit from Everdeal',
  spend: 'Spent on an order',
  gift: 'Gift',
  referral: 'Referral reward',
};

/** "Refund to credit", "Correction by Everdeal", "Spent on order 1A2B3C4D", "Returned from unpaid order 1A2B3C4D". */
export function walletEntryTitle(entry: Pick<WalletEntry, 'kind' | 'amountCents' | 'orderId'>): string {
  if (entry.kind === 'admin' && entry.amountCents < 0) return 'Correction by Everdeal';
  // A spend given back: the order it was for was not paid (decision 030).
  if (entry.kind === 'spend' && entry.amountCents > 0) {
    return entry.orderId ? `Returned from unpaid order ${orderNumber(entry.orderId)}` : 'Returned from an unpaid order';
  }
  if (entry.kind === 'spend' && entry.orderId) return `Spent on order ${orderNumber(entry.orderId)}`;
  return KIND_WORDS[entry.kind];
}

/** "+$12.50" or "−$4" (a real minus sign), and the same for a screen reader in words. */
export function signedCredit(amountCents: number): { text: string; words: string } {
  const amount = formatMoney(Math.abs(amountCents));
  return amountCents < 0
    ? { text: `\u2212${amount}`, words: `${amount} taken` }
    : { text: `+${amount}`, words: `${amount} added` };
}
