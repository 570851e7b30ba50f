import type { AdminPayout, AdminPayouts } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import {
  PAYOUT_MINIMUM_CENTS,
  PAYOUT_STATUS_WORDS,
  PAYOUT_STATUSES,
  type PayoutStatus,
} from '@everdeal/contracts/payout-rules';
import { clsx } from 'clsx';
import Landmark from 'lucide-react/icons/landmark';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, SkeletonText } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format-date';
import { ADMIN_PAYOUTS_PATH } from '../admin-paths';
import { useAdminPayouts } from '../api/payout-requests';
import { PageNav } from './page-nav';
import { StatusBadge } from './status-badge';

const TONE: Record<PayoutStatus, 'warn' | 'good' | 'bad' | 'neutral'> = {
  pending: 'warn',
  paid: 'good',
  failed: 'bad',
  carried_over: 'neutral',
};

const isStatus = (value: string | null): value is PayoutStatus =>
  value !== null && (PAYOUT_STATUSES as readonly string[]).includes(value);

const query = (status: PayoutStatus | undefined, page: number) => {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * `/admin/payouts` (decision 036): every seller's monthly transfers, newest first, by state (tabs
 * with counts and sums); a failed transfer shows the provider's reason.
 */
export function AdminPayoutsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const payouts = useAdminPayouts({ page, ...(status ? { status } : {}) });

  return (
    <section aria-labelledby="admin-payouts-heading">
      <h2 id="admin-payouts-heading" className="font-bold text-ink-900 text-xl">
        Payouts
      </h2>
      <p className="mt-1 max-w-2xl text-ink-600 text-sm">
        On the 1st of each month (UTC) every seller with a ready payout account is sent their balance at the end of the
        month before, when it is at least {formatMoney(PAYOUT_MINIMUM_CENTS, 'USD')}; a smaller or negative balance
        carries over. A transfer the provider refused is tried again a day later, three times a month at most.
      </p>
      <StatusTabs status={status} sums={payouts.data?.sums} />
      <div className="mt-6">
        {payouts.isPending ? (
          <LoadingRegion label="Loading payouts…">
            <SkeletonText lines={6} />
          </LoadingRegion>
        ) : payouts.isError ? (
          <FormAlert>
            We could not load the payouts.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void payouts.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : payouts.data.transfers.length === 0 ? (
          <EmptyState
            icon={Landmark}
            title={status ? `No ${PAYOUT_STATUS_WORDS[status].toLowerCase()} transfers` : 'No transfers yet'}
            description="Transfers show here from the first monthly run after a seller connects a payout account."
          />
        ) : (
          <>
            <p className="mb-3 text-ink-500 text-sm" aria-live="polite">
              {payouts.data.total === 1 ? '1 transfer' : `${payouts.data.total} transfers`}, newest first
            </p>
            <PayoutList transfers={payouts.data.transfers} />
            <PageNav
              page={payouts.data.page}
              pageCount={Math.ceil(payouts.data.total / payouts.data.pageSize)}
              onPage={(next) => setParams(new URLSearchParams(query(status, next)), { preventScrollReset: true })}
            />
          </>
        )}
      </div>
    </section>
  );
}

function StatusTabs({ status, sums }: { status: PayoutStatus | undefined; sums: AdminPayouts['sums'] | undefined }) {
  const all = sums?.reduce((total, row) => total + row.count, 0);
  const tabs = [
    { status: undefined, label: 'All', count: all },
    ...PAYOUT_STATUSES.map((value) => ({
      status: value,
      label: PAYOUT_STATUS_WORDS[value],
      count: sums?.find((row) => row.status === value)?.count,
    })),
  ];
  return (
    <nav aria-label="Filter by state" className="-mx-4 mt-5 overflow-x-auto px-4">
      <ul className="flex gap-1.5">
        {tabs.map((tab) => {
          const isCurrent = tab.status === status;
          return (
            <li key={tab.label}>
              <Link
                to={`${ADMIN_PAYOUTS_PATH}${query(tab.status, 1)}`}
                aria-current={isCurrent ? 'page' : undefined}
                preventScrollReset
                className={clsx(
                  'flex h-9 items-center whitespace-nowrap rounded-full border px-3.5 font-medium text-sm transition-colors',
                  isCurrent
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-ink-900/15 bg-white text-ink-700 hover:border-ink-900/30 hover:text-ink-900',
                )}
              >
                <span>
                  {tab.label}
                  {tab.count === undefined ? null : (
                    <>
                      {' '}
                      <span
                        className={clsx(
                          'ml-1 rounded-full px-1.5 text-xs tabular-nums',
                          isCurrent ? 'bg-white/20' : 'bg-ink-900/5',
                        )}
                      >
                        {tab.count}
                      </span>
                    </>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A table from tablet width up; stacked cards on a phone. */
function PayoutList({ transfers }: { transfers: AdminPayout[] }) {
  const money = (row: AdminPayout) => formatMoney(row.amountCents, row.currency);
  return (
    <>
      <table className="hidden w-full rounded-card bg-white text-left text-sm shadow-card ring-1 ring-ink-900/5 md:table">
        <caption className="sr-only">Transfers to sellers, newest first</caption>
        <thead className="border-ink-900/10 border-b text-ink-500 text-xs uppercase tracking-wide">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Seller
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Month
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              State
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Made
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Account and reference
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/5">
          {transfers.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="px-4 py-3 font-medium text-ink-900">
                {row.seller.name}
              </th>
              <td className="px-4 py-3 tabular-nums">
                {row.period}
                {row.attempt > 1 ? <span className="text-ink-500"> · attempt {row.attempt}</span> : null}
              </td>
              <td className="px-4 py-3">
                <StatusBadge tone={TONE[row.status]}>{PAYOUT_STATUS_WORDS[row.status]}</StatusBadge>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{money(row)}</td>
              <td className="px-4 py-3 text-ink-700">{formatDateTime(row.paidAt ?? row.createdAt)}</td>
              <td className="break-all px-4 py-3 text-ink-600 text-xs">
                {row.destination ?? ''}
                {row.providerReference ? ` · ${row.providerReference}` : ''}
                {row.failureMessage ? <span className="block text-red-700">{row.failureMessage}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 md:hidden" aria-label="Transfers to sellers, newest first">
        {transfers.map((row) => (
          <li key={row.id} className="rounded-card bg-white p-4 text-sm shadow-card ring-1 ring-ink-900/5">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-ink-900">{row.seller.name}</span>
              <StatusBadge tone={TONE[row.status]}>{PAYOUT_STATUS_WORDS[row.status]}</StatusBadge>
            </div>
            <p className="mt-1 tabular-nums">
              <span className="font-semibold text-ink-900">{money(row)}</span>
              <span className="text-ink-600"> · {row.period}</span>
            </p>
            <p className="text-ink-600 text-xs">{formatDateTime(row.paidAt ?? row.createdAt)}</p>
            {row.failureMessage ? <p className="mt-1 text-red-700 text-xs">{row.failureMessage}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
