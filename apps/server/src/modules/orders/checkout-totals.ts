/**
 * `orders/getCheckoutTotals` (decision 037): the cart's total with its VAT, as checkout would
 * charge it now, from the same reads and functions (checkout.sql.ts's lines, the billing
 * snapshot, `decideTax`, `lineTaxes`), so the total the shopper confirms is checkout's own.
 */
import { type CheckoutTotals, DEFAULT_CURRENCY } from '@everdeal/contracts';
import { decideTax, ratePercent, readBillingSnapshot } from '../tax';
import { checkoutStatements } from './checkout.sql';
import type { CheckoutDeps } from './checkout-deps';
import { lineTaxes } from './reserve';

export async function getCheckoutTotals(deps: CheckoutDeps, userId: string): Promise<CheckoutTotals> {
  const [lines, billing] = await Promise.all([
    checkoutStatements(deps.db).lines.execute({ userId }),
    readBillingSnapshot(deps.db, userId),
  ]);
  const decision = decideTax(deps.tax, billing.facts, deps.now());
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const taxCents = lineTaxes(lines, decision.rateBasisPoints).reduce((sum, cents) => sum + cents, 0);
  return {
    subtotalCents,
    taxCents,
    taxRate: ratePercent(decision.rateBasisPoints),
    taxCountry: decision.country,
    taxReverseCharge: decision.reverseCharge,
    taxNote: decision.note,
    totalWithTaxCents: subtotalCents + taxCents,
    currency: DEFAULT_CURRENCY,
  };
}
