import type { SalesFigures } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { SELLER_SHARE_PERCENT } from '@everdeal/contracts/seller-rules';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { TableScroller } from '~/components/ui/table-scroller';
import { ApiError } from '~/lib/api-client';
import { downloadStatement, useSellerSales } from '../api/seller-requests';
import { monthName } from '../seller-format';
import { PayoutTransfers } from './payout-transfers';
import type { SellerContext } from './seller-shell';

const HEADINGS = ['Sold', 'Refunded', 'Gross', 'Refunds', 'Net'];

function FiguresCells({ sales }: { sales: SalesFigures }) {
  const money = (cents: number) => formatMoney(cents, sales.currency);
  return (
    <>
      <td className="px-4 py-2.5 text-right">{sales.unitsSold}</td>
      <td className="px-4 py-2.5 text-right">{sales.unitsRefunded}</td>
      <td className="px-4 py-2.5 text-right">{money(sales.grossCents)}</td>
      <td className="px-4 py-2.5 text-right">{money(sales.refundedCents)}</td>
      <td className="px-4 py-2.5 text-right font-semibold">{money(sales.netCents)}</td>
    </>
  );
}

/** `/seller/payouts`: sales and refunds per product, payouts and the monthly statements (requirements §13). */
export function SellerPayouts({ seller }: SellerContext) {
  const sales = useSellerSales(seller.id);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (sales.isPending) return <SkeletonText lines={8} />;
  if (sales.isError) return <FormAlert>We could not load your sales. Reload the page to try again.</FormAlert>;
  const { products, totals, payouts, months } = sales.data;
  const money = (cents: number) => formatMoney(cents, payouts.currency);

  async function download(month: string) {
    setError(null);
    setDownloading(month);
    try {
      await downloadStatement(seller.id, month);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The statement could not be downloaded. Try again.');
    } finally {
      setDownloading(null);
    }
  }

  return (
    <div className="space-y-10">
      {/* Decision 036: the payout account and the monthly transfers. */}
      <PayoutTransfers seller={seller} />

      <section aria-labelledby="payout-rules" className="space-y-3">
        <h2 id="payout-rules" className="font-semibold text-ink-900 text-lg">
          Earnings
        </h2>
        <p className="max-w-2xl text-ink-700 text-sm">
          You receive {SELLER_SHARE_PERCENT}% of what each sale kept after refunds, rounded down to the cent, once the
          item’s refund window has closed; refunded items pay nothing. Each month’s statement lists what became payable
          in it (UTC), and the transfers made in it.
        </p>
        {/* What is still owed is the payout section's balance above. */}
        <dl className="grid grid-cols-2 gap-3 sm:max-w-xl">
          <div className="rounded-xl bg-canvas p-4">
            <dt className="text-ink-500 text-xs uppercase tracking-wider">Transferred to you</dt>
            <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{money(payouts.transferredCents)}</dd>
          </div>
          <div className="rounded-xl bg-canvas p-4">
            <dt className="text-ink-500 text-xs uppercase tracking-wider">Pending</dt>
            <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{money(payouts.pendingCents)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="payout-statements" className="space-y-3">
        <h2 id="payout-statements" className="font-semibold text-ink-900 text-lg">
          Monthly statements
        </h2>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {months.length === 0 ? (
          <p className="rounded-xl bg-canvas px-4 py-6 text-center text-ink-500 text-sm">
            Nothing payable yet: a sale shows here once its refund window has closed.
          </p>
        ) : (
          <ul className="divide-y divide-ink-900/5 rounded-xl bg-white ring-1 ring-ink-900/10">
            {months.map((row) => (
              <li key={row.month} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="font-medium text-ink-900">{monthName(row.month)}</span>
                <span className="tabular-nums text-ink-700">
                  {money(row.earnedCents)} earned
                  {row.reversedCents > 0 ? `, ${money(row.reversedCents)} reversed` : ''}
                  {/* Decision 031: the lifetime-promise credit the seller funds, a negative adjustment. */}
                  {row.adjustedCents !== 0 ? `, ${money(row.adjustedCents)} lifetime-promise credit` : ''} · net{' '}
                  <strong>{money(row.netCents)}</strong>
                  {row.transferredCents > 0 ? ` · ${money(row.transferredCents)} transferred` : ''}
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  isLoading={downloading === row.month}
                  onClick={() => void download(row.month)}
                >
                  Download CSV<span className="sr-only"> for {monthName(row.month)}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sales-by-product" className="space-y-3">
        <h2 id="sales-by-product" className="font-semibold text-ink-900 text-lg">
          Sales and refunds by product
        </h2>
        {products.length === 0 ? (
          <EmptyState title="No sales yet" description="Sales show here as soon as a buyer pays." />
        ) : (
          <TableScroller className="rounded-xl ring-1 ring-ink-900/10">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Units, gross, refunds and net per product</caption>
              <thead className="bg-canvas text-ink-500 text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Product
                  </th>
                  {HEADINGS.map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-2.5 text-right font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-900/5 bg-white tabular-nums">
                {products.map((product) => (
                  <tr key={product.id}>
                    <th scope="row" className="px-4 py-2.5 font-medium text-ink-900">
                      {product.name}
                    </th>
                    <FiguresCells sales={product.sales} />
                  </tr>
                ))}
              </tbody>
              <tfoot className="bg-canvas tabular-nums">
                <tr>
                  <th scope="row" className="px-4 py-2.5 font-semibold text-ink-900">
                    Total
                  </th>
                  <FiguresCells sales={totals} />
                </tr>
              </tfoot>
            </table>
          </TableScroller>
        )}
      </section>
    </div>
  );
}
