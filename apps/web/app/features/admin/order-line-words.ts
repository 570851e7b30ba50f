import type { AdminOrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';

/**
 * What the line costs on the plan held now: "2 × $50 less coupon $20 = $80 + VAT $15.20". The
 * coupon's share is what the amount lacks of the unit price for every seat (decision 040); the
 * VAT is checkout's, so it is named only while the plan is the one bought (the money rows say the rest).
 */
export function lineWords(
  item: Pick<AdminOrderItem, 'quantity' | 'price' | 'amount' | 'taxCents' | 'currency' | 'planChanges'>,
) {
  const money = (cents: number) => formatMoney(cents, item.currency);
  const seats = `${item.quantity} × ${money(item.price)}`;
  const coupon = item.price * item.quantity - item.amount;
  const price =
    coupon > 0
      ? `${seats} less coupon ${money(coupon)} = ${money(item.amount)}`
      : item.quantity > 1
        ? `${seats} = ${money(item.amount)}`
        : seats;
  return item.taxCents > 0 && item.planChanges.length === 0 ? `${price} + VAT ${money(item.taxCents)}` : price;
}
