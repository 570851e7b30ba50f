/**
 * `orders/getCheckoutTotals` (decision 037): the cart's total with its VAT, as checkout would
 * charge it now, from the same reads and functions (checkout.sql.ts's lines, the billing
 * snapshot, `decideTax`, `lineTaxes`), so the total the shopper confirms is checkout's own.
 */
import { type CheckoutTotals, DEFAULT_CURRENCY } from '@everdeal/contracts';
import { cartCouponOf, judgeCoupon } from '../coupons';
import { readSaleNow } from '../sales';
import { decideTax, ratePercent, readBillingSnapshot } from '../tax';
import { checkoutStatements } from './checkout.sql';
import type { CheckoutDeps } from './checkout-deps';
import { priceInSale } from './checkout-prices';
import { lineAmounts, lineTaxes } from './reserve';

export async function getCheckoutTotals(deps: CheckoutDeps, userId: string): Promise<CheckoutTotals> {
  const at = deps.now();
  const [rows, billing, coupon, { running }] = await Promise.all([
    checkoutStatements(deps.db).lines.execute({ userId }),
    readBillingSnapshot(deps.db, userId),
    cartCouponOf(deps.db, userId),
    // The sale prices the lines first; a coupon discounts the sale price (decision 042).
    readSaleNow(deps.db, at),
  ]);
  const lines = priceInSale(rows, running);
  const decision = decideTax(deps.tax, billing.facts, deps.now());
  // The coupon's discount as checkout gives it (decision 040); one that no longer applies gives
  // none here, and checkout refuses it with the reason.
  const judged = coupon
    ? judgeCoupon(
        coupon,
        lines.map((line) => ({ productId: line.productId, amountCents: line.priceCents * line.quantity })),
        deps.now(),
      )
    : null;
  const discounts = judged && 'discounts' in judged ? judged.discounts : [];
  const amounts = lineAmounts(lines, discounts);
  const subtotalCents = amounts.reduce((sum, cents) => sum + cents, 0);
  const taxes = lineTaxes(amounts, decision.rateBasisPoints);
  const taxCents = taxes.reduce((sum, cents) => sum + cents, 0);
  // A renewal charges the item's amount, coupon included (decision 040), with VAT on it per item.
  const recurringTotals = (['month', 'year'] as const).flatMap((interval) => {
    const renewing = lines.flatMap((line, index) => (line.billingInterval === interval ? [index] : []));
    const recurringSubtotal = renewing.reduce((sum, index) => sum + (amounts[index] ?? 0), 0);
    const recurringTax = renewing.reduce((sum, index) => sum + (taxes[index] ?? 0), 0);
    if (recurringSubtotal <= 0) return [];
    const totalWithTaxCents = recurringSubtotal + recurringTax;
    return [{ interval, subtotalCents: recurringSubtotal, taxCents: recurringTax, totalWithTaxCents }];
  });
  return {
    subtotalCents,
    taxCents,
    taxRate: ratePercent(decision.rateBasisPoints),
    taxCountry: decision.country,
    taxReverseCharge: decision.reverseCharge,
    taxNote: decision.note,
    totalWithTaxCents: subtotalCents + taxCents,
    currency: DEFAULT_CURRENCY,
    recurringTotals,
  };
}
