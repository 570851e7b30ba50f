import type { SellerSale } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import {
  SALE_STATUSES,
  type SaleStatus,
  SaleStatusLabel,
  SELLER_SALES_PATH,
  SELLER_SHARE_PERCENT,
  withSeller,
} from '@everdeal/contracts/seller-rules';
import { clsx } from 'clsx';
import Receipt from 'lucide-react/icons/receipt';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Pagination } from '~/components/ui/pagination';
import { SkeletonText } from '~/components/ui/skeleton';
import { TableScroller } from '~/components/ui/table-scroller';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { countOf } from '~/lib/format-count';
import { formatDate } from '~/lib/format-date';
import { RefundReasonLine } from '~/shared/orders/refund-reason-line';
import { downloadPendingSales, useSellerSalesList } from '../api/seller-sales-requests';
import {
  readSalesFilter,
  redemptionText,
  refundWindowText,
  type SalesFilterParams,
  salesFilterSearch,
} from '../sales-format';
import type { SellerContext } from './seller-shell';

const STATUS_BADGE: Record<SaleStatus, string> = {
  paid: 'bg-emerald-50 text-emerald-700',
  refunded: 'bg-red-50 text-red-700',
  plan_changed: 'bg-brand-50 text-brand-700',
};

const field = 'mt-1 block h-10 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm sm:w-56';

function SaleRow({ sale }: { sale: SellerSale }) {
  const money = (cents: number) => formatMoney(cents, sale.currency);
  return (
    <tr>
      <td className="whitespace-nowrap px-4 py-3 text-ink-700">{formatDate(sale.soldAt)}</td>
      <th scope="row" className="px-4 py-3 font-medium text-ink-900">
        {sale.productName}
        <span className="block font-normal text-ink-500 text-xs">
          {sale.planName}
          {sale.quantity > 1 ? ` × ${sale.quantity}` : ''}
        </span>
      </th>
      <td className="whitespace-nowrap px-4 py-3 text-right">
        {money(sale.paidCents)}
        {sale.refundedCents > 0 ? (
          <span className="block text-ink-500 text-xs">−{money(sale.refundedCents)} refunded</span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-right font-semibold">{money(sale.shareCents)}</td>
      <td className="px-4 py-3">
        <span className={clsx('rounded-full px-2.5 py-1 font-medium text-xs', STATUS_BADGE[sale.status])}>
          {SaleStatusLabel[sale.status]}
        </span>
        {sale.refundReason ? (
          <RefundReasonLine reason={sale.refundReason} className="mt-2 min-w-48 break-words text-ink-700 text-xs" />
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-ink-700">{redemptionText(sale)}</td>
      <td className="whitespace-nowrap px-4 py-3 text-ink-700">{refundWindowText(sale)}</td>
    </tr>
  );
}

/**
 * `/seller/sales` (requirements §13, decision 024): each sold item of the seller's products, newest
 * first, filtered by product and status in the address (a reload or a shared link shows the
 * same list), and the CSV of the sales still inside their refund window.
 */
export function SellerSalesList({ seller, sellers }: SellerContext) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = readSalesFilter(params);
  const list = useSellerSalesList(seller.id, filter);
  const [isDownloading, setIsDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sellerParam = sellers.length > 1 ? seller.id : null;
  const hrefFor = (next: SalesFilterParams) =>
    withSeller(`${SELLER_SALES_PATH}${salesFilterSearch(next)}`, sellerParam);

  async function download() {
    setError(null);
    setIsDownloading(true);
    try {
      const count = await downloadPendingSales(seller.id);
      toast.success(`Downloaded ${countOf(count, 'pending sale')}`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The CSV could not be downloaded. Try again.');
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="max-w-2xl text-ink-700 text-sm">
          Every item sold, newest first. Your share is {SELLER_SHARE_PERCENT}% of what the store kept after refunds; it
          becomes payable when the refund window ends. Buyers’ contact details stay with Everdeal.
        </p>
        <Button type="button" variant="outline" isLoading={isDownloading} onClick={() => void download()}>
          Download pending sales (CSV)
        </Button>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form
        aria-label="Filter sales"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <div>
          <label htmlFor="sales-product" className="block font-medium text-ink-700 text-sm">
            Product
          </label>
          <select
            id="sales-product"
            className={field}
            value={filter.productId ?? ''}
            onChange={(event) =>
              navigate(hrefFor({ ...filter, page: 1, productId: Number(event.target.value) || undefined }))
            }
          >
            <option value="">All products</option>
            {(list.data?.products ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sales-status" className="block font-medium text-ink-700 text-sm">
            Status
          </label>
          <select
            id="sales-status"
            className={field}
            value={filter.status ?? ''}
            onChange={(event) =>
              navigate(
                hrefFor({
                  ...filter,
                  page: 1,
                  status: SALE_STATUSES.find((status) => status === event.target.value),
                }),
              )
            }
          >
            <option value="">All statuses</option>
            {SALE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SaleStatusLabel[status]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {list.isPending ? (
        <SkeletonText lines={8} />
      ) : list.isError ? (
        <FormAlert>We could not load your sales. Reload the page to try again.</FormAlert>
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={filter.productId || filter.status ? 'No sale matches these filters' : 'No sales yet'}
          description={
            filter.productId || filter.status
              ? 'Choose another product or status.'
              : 'Each item a buyer pays for shows here, with your share and its refund window.'
          }
        />
      ) : (
        <>
          <p className="text-ink-500 text-sm" aria-live="polite">
            {countOf(list.data.total, 'sale')}
          </p>
          <TableScroller className="rounded-xl ring-1 ring-ink-900/10" label="Sales, scrolls sideways">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <caption className="sr-only">Sold items, newest first</caption>
              <thead className="bg-canvas text-ink-500 text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Product and plan
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right font-semibold">
                    Price
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right font-semibold">
                    Your share
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Code
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Refund window
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-900/5 bg-white tabular-nums">
                {list.data.items.map((sale) => (
                  <SaleRow key={sale.orderItemId} sale={sale} />
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pagination
            page={list.data.page}
            pageCount={Math.ceil(list.data.total / list.data.pageSize)}
            hrefFor={(page) => hrefFor({ ...filter, page })}
          />
        </>
      )}
    </div>
  );
}
