import type { VatReport, VatReportRow } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { VAT_REPORT_FIRST_YEAR, type VatReportKind } from '@everdeal/contracts/vat-report-rules';
import Download from 'lucide-react/icons/download';
import ReceiptText from 'lucide-react/icons/receipt-text';
import { useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, SkeletonText } from '~/components/ui/skeleton';
import { TableScroller } from '~/components/ui/table-scroller';
import { saveTextFile } from '~/lib/save-file';
import { useVatReport } from '../api/vat-requests';
import { countryName, VAT_KIND_TITLE, vatRate } from '../vat-labels';
import { VatChargebacks } from './admin-vat-chargebacks';

type Quarter = { year: number; quarter: number };

const quarterOf = (at: Date): Quarter => ({ year: at.getUTCFullYear(), quarter: Math.floor(at.getUTCMonth() / 3) + 1 });

/** The quarter a return is filed for now: the last one that ended, or the first one reported. */
function lastEnded(now: Date): Quarter {
  const { year, quarter } = quarterOf(now);
  const previous = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
  return previous.year < VAT_REPORT_FIRST_YEAR ? { year: VAT_REPORT_FIRST_YEAR, quarter: 1 } : previous;
}

/** The quarter in the address (`?year=2026&quarter=3`), or the last one that ended. */
function chosenQuarter(params: URLSearchParams, now: Date): Quarter {
  const year = Number(params.get('year'));
  const quarter = Number(params.get('quarter'));
  const isValid =
    Number.isInteger(year) &&
    year >= VAT_REPORT_FIRST_YEAR &&
    year <= now.getUTCFullYear() &&
    [1, 2, 3, 4].includes(quarter);
  return isValid ? { year, quarter } : lastEnded(now);
}

const SECTIONS: { kind: VatReportKind; title: string; explains: (storeCountry: string) => string }[] = [
  {
    kind: 'oss',
    title: VAT_KIND_TITLE.oss,
    explains: () =>
      'VAT charged to consumers in other EU member states, at their rates: the quarter’s One-Stop Shop return. Credit notes of an earlier quarter’s invoices are corrections of that quarter.',
  },
  {
    kind: 'domestic',
    title: VAT_KIND_TITLE.domestic,
    explains: (storeCountry) =>
      `VAT charged to buyers in ${countryName(storeCountry)}, the store’s own member state: the national return.`,
  },
  {
    kind: 'reverse_charge',
    title: VAT_KIND_TITLE.reverse_charge,
    explains: () =>
      'Businesses in the EU with a valid VAT id, who account for the VAT themselves: the recapitulative statement.',
  },
  {
    kind: 'untaxed',
    title: VAT_KIND_TITLE.untaxed,
    explains: () => 'Buyers outside the EU, buyers who gave no billing country, and sales while VAT was off.',
  },
];

const QUARTERS = [
  { value: 1, label: 'Q1 (January to March)' },
  { value: 2, label: 'Q2 (April to June)' },
  { value: 3, label: 'Q3 (July to September)' },
  { value: 4, label: 'Q4 (October to December)' },
];

/** A labelled select of numbers: the page's year and quarter pickers. */
function NumberSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink-700 text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-1 block h-11 rounded-lg border border-ink-900/15 bg-white px-3 text-ink-900 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The quarter's end as a day in UTC, the time zone the quarters are cut in. */
const endDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * `/admin/vat` (decision 048): one quarter's invoices and credit notes, summed by how their VAT is
 * declared, country and rate, with the CSV to file from, and the quarter's chargebacks apart.
 */
export function AdminVatPage() {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const chosen = chosenQuarter(params, now);
  const report = useVatReport(chosen);
  const years = Array.from(
    { length: now.getUTCFullYear() - VAT_REPORT_FIRST_YEAR + 1 },
    (_, index) => VAT_REPORT_FIRST_YEAR + index,
  );
  const choose = (next: Quarter) =>
    setParams(new URLSearchParams({ year: String(next.year), quarter: String(next.quarter) }), {
      preventScrollReset: true,
    });

  return (
    <section aria-labelledby="admin-vat-heading">
      <h2 id="admin-vat-heading" className="font-bold text-ink-900 text-xl">
        VAT
      </h2>
      <p className="mt-1 max-w-2xl text-ink-600 text-sm">
        Every invoice and credit note issued in a quarter (UTC), summed as the VAT returns need them: amounts without
        VAT and the VAT itself, credit notes taken off.
      </p>

      <div className="mt-5 flex flex-wrap items-end gap-3">
        <NumberSelect
          id="vat-year"
          label="Year"
          value={chosen.year}
          options={years.map((year) => ({ value: year, label: String(year) }))}
          onChange={(year) => choose({ ...chosen, year })}
        />
        <NumberSelect
          id="vat-quarter"
          label="Quarter"
          value={chosen.quarter}
          options={QUARTERS}
          onChange={(quarter) => choose({ ...chosen, quarter })}
        />
        {report.data && !report.isPlaceholderData && report.data.rows.length > 0 ? (
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              saveTextFile(report.data.csv, `vat-${report.data.year}-q${report.data.quarter}.csv`, 'text/csv')
            }
          >
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </Button>
        ) : null}
      </div>

      <div className="mt-6">
        {report.isPending ? (
          <LoadingRegion label="Loading the VAT report…">
            <SkeletonText lines={6} />
          </LoadingRegion>
        ) : report.isError ? (
          <FormAlert>
            We could not load the VAT report.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void report.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : (
          // While another quarter loads, the last one stays in view, dimmed and marked busy.
          <div aria-busy={report.isPlaceholderData} className={report.isPlaceholderData ? 'opacity-60' : undefined}>
            <ReportBody report={report.data} />
          </div>
        )}
      </div>
    </section>
  );
}

function ReportBody({ report }: { report: VatReport }) {
  const name = `${report.year} Q${report.quarter}`;
  const count = (pick: (row: VatReportRow) => number) => report.rows.reduce((sum, row) => sum + pick(row), 0);
  const invoices = count((row) => row.invoices);
  const creditNotes = count((row) => row.creditNotes);
  return (
    <div className="space-y-8">
      <p className="text-ink-600 text-sm" aria-live="polite">
        {name}: {invoices === 1 ? '1 invoice' : `${invoices} invoices`},{' '}
        {creditNotes === 1 ? '1 credit note' : `${creditNotes} credit notes`}
      </p>
      {report.complete ? null : (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900 text-sm ring-1 ring-amber-200">
          {name} has not ended: documents issued before {endDay.format(new Date(report.to))} (UTC) still join it.
        </p>
      )}
      {report.rows.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={`No invoices or credit notes in ${name}`}
          description="Each paid order, upgrade and renewal issues an invoice, each refund and plan change a credit note; they show here by the quarter they were issued in."
        />
      ) : (
        SECTIONS.map((section) => {
          const rows = report.rows.filter((row) => row.kind === section.kind);
          if (rows.length === 0) return null;
          return (
            <section key={section.kind} aria-labelledby={`vat-${section.kind}`} className="space-y-2">
              <h3 id={`vat-${section.kind}`} className="font-semibold text-ink-900 text-lg">
                {section.title}
              </h3>
              <p className="max-w-2xl text-ink-600 text-sm">{section.explains(report.storeCountry)}</p>
              <RowsTable
                caption={`${section.title}, ${name}`}
                rows={rows}
                hasRate={section.kind === 'oss' || section.kind === 'domestic'}
              />
            </section>
          );
        })
      )}
      {report.chargebacks.length > 0 ? <VatChargebacks report={report} /> : null}
    </div>
  );
}

function RowsTable({ caption, rows, hasRate }: { caption: string; rows: VatReportRow[]; hasRate: boolean }) {
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return (
    <TableScroller label={`${caption}, scrolls sideways`} className="rounded-2xl bg-white ring-1 ring-ink-900/10">
      <table className="relative w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-ink-900/10 border-b text-ink-500 text-xs uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Country
            </th>
            {hasRate ? (
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Rate
              </th>
            ) : null}
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Without VAT
            </th>
            {hasRate ? (
              <th scope="col" className="px-4 py-3 text-right font-medium">
                VAT
              </th>
            ) : null}
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Invoices
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Credit notes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/5">
          {rows.map((row) => (
            <tr key={`${row.correctionOf}|${row.country}|${row.rateBasisPoints}|${row.currency}`}>
              <th scope="row" className="px-4 py-3 font-medium text-ink-900">
                {countryName(row.country)}
                {row.correctionOf ? (
                  <span className="block font-normal text-ink-500 text-xs">Correction of {row.correctionOf}</span>
                ) : null}
              </th>
              {hasRate ? <td className="px-4 py-3 text-right tabular-nums">{vatRate(row.rateBasisPoints)}</td> : null}
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(row.taxableCents, row.currency)}</td>
              {hasRate ? (
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(row.vatCents, row.currency)}</td>
              ) : null}
              <td className="px-4 py-3 text-right tabular-nums">{row.invoices}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.creditNotes}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-ink-900/10 border-t font-semibold text-ink-900">
          {currencies.map((currency) => {
            const of = rows.filter((row) => row.currency === currency);
            const sum = (pick: (row: VatReportRow) => number) => of.reduce((total, row) => total + pick(row), 0);
            return (
              <tr key={currency}>
                <th scope="row" className="px-4 py-3">
                  Total{currencies.length > 1 ? ` (${currency})` : ''}
                </th>
                {hasRate ? <td /> : null}
                <td className="px-4 py-3 text-right tabular-nums">
                  {formatMoney(
                    sum((row) => row.taxableCents),
                    currency,
                  )}
                </td>
                {hasRate ? (
                  <td className="px-4 py-3 text-right tabular-nums">
                    {formatMoney(
                      sum((row) => row.vatCents),
                      currency,
                    )}
                  </td>
                ) : null}
                <td className="px-4 py-3 text-right tabular-nums">{sum((row) => row.invoices)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{sum((row) => row.creditNotes)}</td>
              </tr>
            );
          })}
        </tfoot>
      </table>
    </TableScroller>
  );
}
