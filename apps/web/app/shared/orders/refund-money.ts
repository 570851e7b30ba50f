import type { OrderItem } from '@everdeal/contracts';

/** An item's refund in cents, VAT included: the card's part, the store credit's part, both, and the VAT within. */
export type RefundParts = { card: number; credit: number; total: number; tax: number };

/**
 * The money of an item's refund as the server counts it (`refundMoney`, decision 010): what a
 * refund returns now, its plan changes, renewals and VAT included, or what its refund returned.
 * Null when no refund returns or returned money (an item a card dispute ended, an ended
 * subscription), so the page says what happened without a figure it cannot stand behind.
 */
export function refundPartsOf(item: Pick<OrderItem, 'refundMoney'>): RefundParts | null {
  const { refundMoney } = item;
  if (!refundMoney) return null;
  const { cardCents: card, creditCents: credit, taxCents: tax } = refundMoney;
  return { card, credit, total: card + credit, tax };
}

/** " (VAT included)" after a refund's figure when VAT is part of it (decision 037). */
export const vatIncludedNote = (parts: RefundParts) => (parts.tax > 0 ? ' (VAT included)' : '');

/** Whether all of the refund is store credit the item was paid with, so it returns as credit whatever is asked. */
export const isAllCredit = (parts: RefundParts) => parts.credit > 0 && parts.card === 0;
