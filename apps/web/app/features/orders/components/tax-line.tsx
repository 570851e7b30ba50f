import type { CheckoutTotals } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { formatPlanPrice } from '@everdeal/contracts/plans';

/** A country's English name, made on first use (decision 037's tax line names the billing country). */
function countryName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/**
 * The checkout summary's VAT line and the total to pay (decision 037): the billing country's rate
 * and amount, or the reverse charge's note, then what each renewal will cost with VAT (decision
 * 040: a coupon stays on every renewal). Shown only where VAT applies.
 */
export function CheckoutTaxLines({ totals }: { totals: CheckoutTotals }) {
  const { taxCountry, taxReverseCharge, taxCents, taxRate, currency } = totals;
  const label = taxReverseCharge
    ? 'VAT (reverse charge)'
    : `VAT (${taxCountry ? countryName(taxCountry) : ''}, ${taxRate}%)`;
  return (
    <section aria-label="Tax and total" className="mt-3 border-ink-900/[0.07] border-t pt-3 text-sm">
      <dl className="space-y-2">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-600">{label}</dt>
          <dd className="text-ink-900 tabular-nums">{formatMoney(taxCents, currency)}</dd>
        </div>
        {taxReverseCharge && totals.taxNote ? <p className="text-ink-500 text-xs">{totals.taxNote}</p> : null}
        <div className="flex justify-between gap-4 font-semibold">
          <dt className="text-ink-900">Total to pay</dt>
          <dd className="text-ink-900 tabular-nums">{formatMoney(totals.totalWithTaxCents, currency)}</dd>
        </div>
        {totals.recurringTotals.map((recurring) => (
          <div key={recurring.interval} className="flex justify-between gap-4">
            <dt className="text-ink-600">{`Then every ${recurring.interval} with VAT at today’s rate`}</dt>
            <dd className="shrink-0 text-ink-900 tabular-nums">
              {formatPlanPrice(recurring.totalWithTaxCents, currency, recurring.interval)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
