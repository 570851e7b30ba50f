import type { AffiliateOrderEarning } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { clsx } from 'clsx';
import { useSearchParams } from 'react-router';
import { FormAlert } from '~/components/ui/form-alert';
import { Pagination } from '~/components/ui/pagination';
import { SkeletonText } from '~/components/ui/skeleton';
import { TableScroller } from '~/components/ui/table-scroller';
import { formatDate } from '~/lib/format-date';
import { useAffiliateEarnings } from '../api/affiliate-requests';

const STATE: Record<AffiliateOrderEarning['status'], { label: string; classes: string }> = {
  pending: { label: 'Pending', classes: 'bg-amber-100 text-amber-900' },
  approved: { label: 'Approved', classes: 'bg-emerald-100 text-emerald-900' },
  reversed: { label: 'Reversed', classes: 'bg-ink-900/10 text-ink-700' },
};

/** `?page=` of the address, a whole number from 1 (anything else is the first page). */
function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** What the state cell says beside the badge: when a pending commission is approved, what was taken back. */
function stateDetail(row: AffiliateOrderEarning): string | null {
  const money = (cents: number) => formatMoney(cents, row.currency);
  const parts: string[] = [];
  if (row.status === 'pending' && row.approvesAt) parts.push(`approved on ${formatDate(row.approvesAt)}`);
  if (row.status !== 'reversed' && row.reversedCents > 0) parts.push(`${money(row.reversedCents)} reversed`);
  return parts.length ? parts.join(' · ') : null;
}

function EarningState({ row }: { row: AffiliateOrderEarning }) {
  const detail = stateDetail(row);
  return (
    <>
      <span className={clsx('rounded-full px-2 py-0.5 font-semibold text-xs', STATE[row.status].classes)}>
        {STATE[row.status].label}
      </span>
      {detail ? <span className="mt-1 block text-ink-500 text-xs md:ml-2 md:inline">{detail}</span> : null}
    </>
  );
}

/**
 * The member's attributed orders one by one (requirements §13, decision 012): when, what the
 * order paid, the commission and where it stands. Nothing says who bought.
 */
export function AffiliateEarnings() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const earnings = useAffiliateEarnings(page);
  return (
    <section aria-labelledby="affiliate-orders">
      <h2 id="affiliate-orders" className="font-semibold text-ink-900 text-lg">
        Orders and commissions
      </h2>
      <p className="mt-1 text-ink-600 text-sm">
        A commission is pending until the order’s refund window closes, then approved; a refund reverses it.
      </p>
      {earnings.isPending ? (
        <SkeletonText lines={4} className="mt-3" />
      ) : earnings.isError ? (
        <FormAlert className="mt-3">
          We could not load your orders.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void earnings.refetch()}>
            Try again
          </button>
        </FormAlert>
      ) : earnings.data.items.length === 0 ? (
        <p className="mt-3 rounded-xl bg-canvas px-4 py-6 text-center text-ink-500 text-sm">
          {page > 1
            ? 'No orders on this page.'
            : 'No orders yet. When someone buys through your link, the order shows up here.'}
        </p>
      ) : (
        <>
          <TableScroller className="mt-3 rounded-xl ring-1 ring-ink-900/10">
            <table className={clsx('w-full text-left text-sm', earnings.isPlaceholderData && 'opacity-60')}>
              <caption className="sr-only">Your attributed orders, newest first</caption>
              <thead className="bg-canvas text-ink-500 text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="px-3 py-2.5 sm:px-4 font-semibold">
                    Date
                  </th>
                  {/* The commission's base, fixed at checkout: a later plan change does not move it. */}
                  <th scope="col" className="px-3 py-2.5 sm:px-4 text-right font-semibold">
                    Paid at checkout
                  </th>
                  <th scope="col" className="px-3 py-2.5 sm:px-4 text-right font-semibold">
                    Commission
                  </th>
                  <th scope="col" className="hidden px-3 py-2.5 font-semibold sm:table-cell sm:px-4">
                    State
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-900/5 bg-white tabular-nums">
                {earnings.data.items.map((row, index) => (
                  // Rows have no id of their own: an order's id would say more than the affiliate may know.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the page's rows are replaced together
                  <tr key={`${page}-${index}`}>
                    <th scope="row" className="px-3 py-2.5 font-medium text-ink-900 sm:px-4">
                      <time dateTime={row.orderedAt}>{formatDate(row.orderedAt)}</time>
                      {/* On a phone the state goes under the date, so the table needs no sideways scroll. */}
                      <div className="mt-1 font-normal sm:hidden">
                        <EarningState row={row} />
                      </div>
                    </th>
                    <td className="px-3 py-2.5 text-right sm:px-4">
                      {formatMoney(row.commissionableCents, row.currency)}
                    </td>
                    <td className="px-3 py-2.5 text-right font-semibold sm:px-4">
                      {formatMoney(row.commissionCents, row.currency)}
                    </td>
                    <td className="hidden px-3 py-2.5 sm:table-cell sm:px-4">
                      <EarningState row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pagination
            page={page}
            pageCount={Math.ceil(earnings.data.total / earnings.data.pageSize)}
            hrefFor={(next) => (next === 1 ? '?' : `?page=${next}`)}
          />
        </>
      )}
    </section>
  );
}
