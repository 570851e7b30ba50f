import { SALE_STATUSES, type SaleStatus } from '@everdeal/contracts/seller-rules';
import { formatDate } from '~/lib/format-date';

// Small pure helpers of the seller's sales and codes pages (decision 024).

export type SalesFilterParams = { page: number; productId?: number; status?: SaleStatus };

/** A positive whole number from the address, or undefined for anything else. */
function positive(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/** The list's filter from `?product=&status=&page=`; anything unknown is left out. */
export function readSalesFilter(params: URLSearchParams): SalesFilterParams {
  const status = SALE_STATUSES.find((candidate) => candidate === params.get('status'));
  return {
    page: Math.min(positive(params.get('page')) ?? 1, 10_000),
    ...(positive(params.get('product')) ? { productId: positive(params.get('product')) } : {}),
    ...(status ? { status } : {}),
  };
}

/** The query string of a filter, without defaults: `?product=3&status=refunded&page=2`. */
export function salesFilterSearch(filter: SalesFilterParams): string {
  const params = new URLSearchParams();
  if (filter.productId) params.set('product', String(filter.productId));
  if (filter.status) params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** "Redeemed", "Not redeemed", "1 of 2 redeemed", or "Codes revoked" once none is the buyer's. */
export function redemptionText(sale: { codes: number; codesRedeemed: number }): string {
  if (sale.codes === 0) return 'Codes revoked';
  if (sale.codesRedeemed === 0) return 'Not redeemed';
  if (sale.codesRedeemed === sale.codes) return 'Redeemed';
  return `${sale.codesRedeemed} of ${sale.codes} redeemed`;
}

/** "Open until Mar 9, 2026", "Closed Mar 9, 2026" or "No refunds". */
export function refundWindowText(sale: { refundableUntil: string | null; isPending: boolean }): string {
  if (!sale.refundableUntil) return 'No refunds';
  return `${sale.isPending ? 'Open until' : 'Closed'} ${formatDate(sale.refundableUntil)}`;
}
