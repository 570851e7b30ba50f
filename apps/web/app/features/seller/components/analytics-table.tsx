import type { AnalyticsFigures } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { TableScroller } from '~/components/ui/table-scroller';
import { formatCount } from '~/lib/format-count';
import { formatConversion, shortDay } from '../analytics-view';

const HEADINGS = ['Views', 'Cart adds', 'Sales', 'Your share', 'Conversion'];

function FiguresCells({ figures, currency }: { figures: AnalyticsFigures; currency: string }) {
  return (
    <>
      <td className="px-4 py-2.5 text-right">{formatCount(figures.views)}</td>
      <td className="px-4 py-2.5 text-right">{formatCount(figures.cartAdds)}</td>
      <td className="px-4 py-2.5 text-right">{formatCount(figures.sales)}</td>
      <td className="px-4 py-2.5 text-right">{formatMoney(figures.revenueCents, currency)}</td>
      <td className="px-4 py-2.5 text-right">{formatConversion(figures.conversion)}</td>
    </>
  );
}

/** Figures per row (a day or a product) with their totals in the footer (requirements §13). */
export function AnalyticsTable({
  caption,
  firstHeading,
  rows,
  totals,
  currency,
}: {
  caption: string;
  firstHeading: string;
  rows: { key: string; label: string; figures: AnalyticsFigures; isDay?: boolean }[];
  totals: AnalyticsFigures;
  currency: string;
}) {
  return (
    <TableScroller className="max-h-[32rem] overflow-y-auto rounded-xl ring-1 ring-ink-900/10">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-canvas text-ink-500 text-xs uppercase tracking-wider">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              {firstHeading}
            </th>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-2.5 text-right font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/5 bg-white tabular-nums">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-4 py-2.5 font-medium text-ink-900">
                {row.isDay ? <time dateTime={row.label}>{shortDay(row.label)}</time> : row.label}
              </th>
              <FiguresCells figures={row.figures} currency={currency} />
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-canvas tabular-nums">
          <tr>
            <th scope="row" className="px-4 py-2.5 font-semibold text-ink-900">
              Total
            </th>
            <FiguresCells figures={totals} currency={currency} />
          </tr>
        </tfoot>
      </table>
    </TableScroller>
  );
}
