import type { VatReport } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import Download from 'lucide-react/icons/download';
import { Button } from '~/components/ui/button';
import { TableScroller } from '~/components/ui/table-scroller';
import { formatDate } from '~/lib/format-date';
import { saveTextFile } from '~/lib/save-file';
import { countryName, VAT_KIND_TITLE, vatRate } from '../vat-labels';

/**
 * The quarter's card disputes on `/admin/vat` (decision 048, "Chargebacks"): listed apart, since a
 * chargeback issues no credit note and its sale stays in the figures above; whether its VAT may be
 * reduced is the member state's bad-debt rule. With their own CSV.
 */
export function VatChargebacks({ report }: { report: VatReport }) {
  const name = `${report.year} Q${report.quarter}`;
  return (
    <section aria-labelledby="vat-chargebacks" className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="vat-chargebacks" className="font-semibold text-ink-900 text-lg">
          Chargebacks
        </h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            saveTextFile(report.chargebacksCsv, `chargebacks-${report.year}-q${report.quarter}.csv`, 'text/csv')
          }
        >
          <Download aria-hidden="true" className="size-4" />
          Download chargebacks CSV
        </Button>
      </div>
      <p className="max-w-2xl text-ink-600 text-sm">
        Payments the bank took back in this quarter, or gave back after a won dispute. They issue no credit note, so
        their sales stay in the figures above; whether their VAT may be reduced depends on each member state’s bad-debt
        rules.
      </p>
      <TableScroller
        label={`Chargebacks, ${name}, scrolls sideways`}
        className="rounded-2xl bg-white ring-1 ring-ink-900/10"
      >
        <table className="relative w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Chargebacks, {name}</caption>
          <thead className="border-ink-900/10 border-b text-ink-500 text-xs uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Invoice
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Charged back
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                VAT as invoiced
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Taken
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Of it VAT
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Outcome
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-900/5">
            {report.chargebacks.map((entry) => (
              <tr key={`${entry.orderId}|${entry.dispute}`}>
                <th scope="row" className="px-4 py-3 font-medium text-ink-900">
                  {entry.invoiceNumber ?? 'No invoice'}
                  <span className="block font-normal text-ink-500 text-xs">{entry.dispute}</span>
                </th>
                <td className="px-4 py-3">{formatDate(entry.chargedBackAt)}</td>
                <td className="px-4 py-3">
                  {VAT_KIND_TITLE[entry.kind]}
                  <span className="block text-ink-500 text-xs">
                    {countryName(entry.country)}
                    {entry.rateBasisPoints === null ? '' : `, ${vatRate(entry.rateBasisPoints)}`}
                  </span>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(entry.amountCents, entry.currency)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(entry.vatCents, entry.currency)}</td>
                <td className="px-4 py-3">
                  {entry.reversedAt ? `Won: given back ${formatDate(entry.reversedAt)}` : 'Lost or open'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </section>
  );
}
