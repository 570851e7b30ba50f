import { formatMoney } from '@everdeal/contracts/money';

/**
 * What a deal saves against the regular price, said as a saving (decision 013's honest prices,
 * decision 021): the summary's subtotal is what is paid, so the regular price is never shown
 * as a subtotal with a "discount" taken off it. Null when nothing is saved.
 */
export function savingText(totals: { totalDiscount: number; currency: string }): string | null {
  if (!(totals.totalDiscount > 0)) return null;
  return `You save ${formatMoney(totals.totalDiscount, totals.currency)} against the regular price`;
}
