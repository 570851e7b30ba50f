/**
 * The shopper pays what they were shown, or nothing (decision 021). Checkout reads prices and
 * refund windows from the database; these checks refuse, before anything is reserved or
 * charged, a cart whose terms got worse since the shopper saw them.
 */
import { AppError, OrderMessage } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { refundTerms } from '@everdeal/contracts/plans';
import { priceIn, type RunningSale, saleFor } from '../sales';
import type { CheckoutLine, CheckoutLineRow } from './checkout.sql';

/**
 * The lines at the price they sell for at this moment (decision 042): the running sale's price
 * unless the seller keeps the product out. The cart shows the same (cart.service.ts), so the
 * price the shopper confirmed is judged against it below; a sale that ended between the cart and
 * the payment is a changed price like any other (decision 021).
 */
export function priceInSale(rows: readonly CheckoutLineRow[], running: RunningSale | null): CheckoutLine[] {
  return rows.map((row) => {
    const sale = saleFor(running, row.saleOptOut);
    return {
      ...row,
      priceCents: priceIn(sale, row.priceCents),
      listPriceCents: row.priceCents,
      saleId: sale?.id ?? null,
    };
  });
}

const lineTotal = (lines: CheckoutLine[]) => lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

/**
 * With `expectedTotal` (the total the shopper confirmed, VAT included: decision 037) the server's
 * total less the coupon's `discountCents` (decision 040) plus `taxCents` must be that total, so a changed billing country or rate is refused like a
 * changed price;
 * without it, no line may cost more than the cart last showed its owner. Either way no line may
 * have a shorter refund window than shown. A refusal names the line that changed.
 */
export function requireShownTerms(
  lines: CheckoutLine[],
  expectedTotal: number | undefined,
  taxCents = 0,
  discountCents = 0,
): void {
  for (const line of lines) {
    const shown = line.shownRefundWindowDays;
    if (shown !== null && line.refundWindowDays < shown) {
      throw AppError.conflict(
        OrderMessage.refundWindowChanged(
          line.productName,
          line.planName,
          refundTerms(shown).toLowerCase(),
          refundTerms(line.refundWindowDays).toLowerCase(),
        ),
      );
    }
  }
  const total = lineTotal(lines) - discountCents + taxCents;
  if (expectedTotal !== undefined) {
    if (total === expectedTotal) return;
    const changed = lines.find((line) => line.shownPriceCents !== null && line.shownPriceCents !== line.priceCents);
    throw AppError.conflict(
      changed ? priceChanged(changed) : OrderMessage.totalChanged(formatMoney(expectedTotal), formatMoney(total)),
    );
  }
  // A lower price is simply charged; a line never shown (written outside the cart API) is not judged.
  const raised = lines.find((line) => line.shownPriceCents !== null && line.priceCents > line.shownPriceCents);
  if (raised) throw AppError.conflict(priceChanged(raised));
}

function priceChanged(line: CheckoutLine): string {
  return OrderMessage.priceChanged(
    line.productName,
    line.planName,
    formatMoney(line.shownPriceCents ?? line.priceCents, line.currency),
    formatMoney(line.priceCents, line.currency),
  );
}
