import type { OrderItem } from '@everdeal/contracts';

/** An item's refund in cents: the card's part, the store credit's part and both, VAT included. */
export type RefundParts = { card: number; credit: number; total: number };

/**
 * The money of an item's refund as the server counts it (`refundMoney`, decision 010): what a
 * refund returns now, its plan changes, renewals and VAT included, or what its refund returned.
 * Null when no refund returns or returned money (an item a card dispute ended, an ended
 * subscription), so the page says what happened without a figure it cannot stand behind.
 */
export function refundPartsOf(item: Pick<OrderItem, 'refundMoney'>): RefundParts | null {
  const { refundMoney } = item;
  if (!refundMoney) return null;
  const { cardCents: card, creditCents: credit } = refundMoney;
  return { card, credit, total: card + credit };
}

/** " (VAT included)" after a refund's figure when the item was charged VAT (decision 037). */
export const vatIncludedNote = (item: Pick<OrderItem, 'taxCents'>) => (item.taxCents > 0 ? ' (VAT included)' : '');
