import type { PlanOption } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';

// What a plan change moves, in the words of the order item page's plan panel (decision 010), from
// the server's figures for each option: never recomputed here.

/** What moves on the card, the VAT on the difference included (decision 037). */
export function costOf(option: PlanOption): string {
  if (option.chargeCents > 0) return `Pay ${formatMoney(option.chargeCents + option.taxCents, option.currency)} more`;
  if (option.refundCents > 0) return `Get ${formatMoney(option.refundCents + option.taxCents, option.currency)} back`;
  return 'Same price';
}

/** ", of which $19 is VAT" when the change charges or returns VAT. */
export const vatPartOf = (option: PlanOption) =>
  option.taxCents > 0 ? `, of which ${formatMoney(option.taxCents, option.currency)} is VAT` : '';

/**
 * Where a downgrade's money goes: the card's charges give back first, with their VAT; the part
 * the item was paid with store credit returns as credit (decision 030).
 */
export function refundWords(option: PlanOption): string {
  const money = (cents: number) => formatMoney(cents, option.currency);
  const card = option.refundCents - option.creditRefundCents + option.taxCents;
  const credit = option.creditRefundCents;
  if (credit === 0) return `${money(card)} goes back to the card you paid with${vatPartOf(option)}.`;
  if (card === 0) return `${money(credit)} you paid with store credit returns as credit, right away.`;
  return `${money(card)} goes back to the card you paid with${vatPartOf(option)}, and ${money(credit)} you paid with store credit returns as credit, right away.`;
}

/** "$238 a year (VAT included)": what each renewal charges after the change, for every seat. */
export function renewalWords(option: PlanOption, quantity: number): string {
  const renewal = option.renewalCents ?? option.price * quantity;
  const vat = renewal > option.price * quantity ? ' (VAT included)' : '';
  return `${formatMoney(renewal, option.currency)} a ${option.billingInterval === 'year' ? 'year' : 'month'}${vat}`;
}
