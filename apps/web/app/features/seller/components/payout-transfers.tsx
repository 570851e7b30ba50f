import type { PayoutAccount, PayoutTransfer, SellerPayouts, SellerSummary } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { PAYOUT_ONBOARDING_PARAM, PAYOUT_STATUS_WORDS, type PayoutStatus } from '@everdeal/contracts/payout-rules';
import { clsx } from 'clsx';
import Landmark from 'lucide-react/icons/landmark';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, SkeletonText } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { formatDate } from '~/lib/format-date';
import { useRefreshPayoutAccount, useSellerPayouts, useStartPayoutOnboarding } from '../api/payout-requests';
import { monthName } from '../seller-format';

const STATUS_TONE: Record<PayoutStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  paid: 'bg-emerald-50 text-emerald-700',
  failed: 'bg-red-50 text-red-700',
  carried_over: 'bg-ink-900/5 text-ink-700',
};

function TransferBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      className={clsx(
        'inline-flex h-6 items-center whitespace-nowrap rounded-full px-2.5 font-semibold text-xs',
        STATUS_TONE[status],
      )}
    >
      {PAYOUT_STATUS_WORDS[status]}
    </span>
  );
}

const ACCOUNT_WORDS: Record<PayoutAccount['status'], { title: string; text: string; action: string | null }> = {
  not_connected: {
    title: 'No payout account yet',
    text: 'Connect a payout account to receive your share. Your balance is kept until you do.',
    action: 'Set up payouts',
  },
  pending: {
    title: 'Setup not finished',
    text: 'The payment provider needs a few more details before it can pay you. Your balance is kept meanwhile.',
    action: 'Continue setup',
  },
  ready: {
    title: 'Ready for payouts',
    text: 'Your balance is transferred to this account every month.',
    action: null,
  },
};

/**
 * The payout account and the monthly transfers on `/seller/payouts` (decision 036): the account's
 * state with the way to set it up, the balance, the minimum and the next transfer's date, and each
 * transfer with its state. Back from onboarding (`?onboarding=return`) it asks for the account's
 * state once.
 */
export function PayoutTransfers({ seller }: { seller: SellerSummary }) {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const payouts = useSellerPayouts(seller.id, page);
  const start = useStartPayoutOnboarding(seller.id);
  const refresh = useRefreshPayoutAccount(seller.id);
  const onboarding = params.get(PAYOUT_ONBOARDING_PARAM);
  const asked = useRef(false);

  useEffect(() => {
    if (onboarding !== 'return' || asked.current) return;
    asked.current = true;
    refresh.mutate();
    const next = new URLSearchParams(params);
    next.delete(PAYOUT_ONBOARDING_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [onboarding, params, setParams, refresh]);

  if (payouts.isPending) {
    return (
      <LoadingRegion label="Loading your payouts…">
        <SkeletonText lines={5} />
      </LoadingRegion>
    );
  }
  if (payouts.isError) {
    return (
      <FormAlert>
        We could not load your payouts.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void payouts.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  }
  const data = payouts.data;
  const words = ACCOUNT_WORDS[data.account.status];
  const startError = start.error instanceof ApiError ? start.error.message : start.error ? 'Please try again.' : null;

  return (
    <div className="space-y-10">
      <section aria-labelledby="payout-account" className="space-y-3">
        <h2 id="payout-account" className="font-semibold text-ink-900 text-lg">
          Payout account
        </h2>
        {onboarding === 'refresh' ? (
          <FormAlert tone="warning">The setup link expired before you finished. Continue where you left off.</FormAlert>
        ) : null}
        <div className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-ink-900/10 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
              <Landmark aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="font-semibold text-ink-900" aria-live="polite">
                {refresh.isPending ? 'Checking your account…' : words.title}
              </p>
              <p className="mt-0.5 max-w-xl text-ink-600 text-sm">{words.text}</p>
            </div>
          </div>
          {words.action ? (
            <Button type="button" isLoading={start.isPending} onClick={() => start.mutate()}>
              {words.action}
            </Button>
          ) : null}
        </div>
        {startError ? <FormAlert>{startError}</FormAlert> : null}
      </section>

      <PayoutBalance data={data} />

      <section aria-labelledby="payout-transfers" className="space-y-3">
        <h2 id="payout-transfers" className="font-semibold text-ink-900 text-lg">
          Transfers
        </h2>
        {data.transfers.length === 0 ? (
          <EmptyState
            icon={Landmark}
            title="No transfers yet"
            description={`On the 1st of each month (UTC) your balance at the end of the month before is transferred when it is at least ${formatMoney(data.minimumCents, data.balance.currency)}; a smaller balance carries over.`}
          />
        ) : (
          <TransferList transfers={data.transfers} />
        )}
        {data.total > data.pageSize ? (
          <nav aria-label="Transfer pages" className="flex items-center justify-center gap-3">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <span className="text-ink-600 text-sm">
              Page {page} of {Math.ceil(data.total / data.pageSize)}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={page * data.pageSize >= data.total}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function PayoutBalance({ data }: { data: SellerPayouts }) {
  const money = (cents: number) => formatMoney(cents, data.balance.currency);
  const owed = data.balance.payableCents;
  return (
    <section aria-labelledby="payout-balance" className="space-y-3">
      <h2 id="payout-balance" className="sr-only">
        Balance
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-canvas p-4">
          <dt className="text-ink-500 text-xs uppercase tracking-wider">Balance to be paid</dt>
          <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{money(owed)}</dd>
          {owed < 0 ? (
            <dd className="mt-1 text-ink-600 text-xs">Refunds after a transfer: recovered from your next sales.</dd>
          ) : owed > 0 && owed < data.minimumCents ? (
            <dd className="mt-1 text-ink-600 text-xs">Under the minimum: carried over until it reaches it.</dd>
          ) : null}
        </div>
        <div className="rounded-xl bg-canvas p-4">
          <dt className="text-ink-500 text-xs uppercase tracking-wider">Minimum transfer</dt>
          <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{money(data.minimumCents)}</dd>
        </div>
        <div className="rounded-xl bg-canvas p-4">
          <dt className="text-ink-500 text-xs uppercase tracking-wider">Next transfer</dt>
          <dd className="mt-1 font-bold text-2xl text-ink-900">{formatDate(data.nextRunAt)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** A table from tablet width up; one card per transfer on a phone. */
function TransferList({ transfers }: { transfers: PayoutTransfer[] }) {
  const money = (transfer: PayoutTransfer) => formatMoney(transfer.amountCents, transfer.currency);
  const when = (transfer: PayoutTransfer) => formatDate(transfer.paidAt ?? transfer.createdAt);
  return (
    <>
      <table className="hidden w-full rounded-xl bg-white text-left text-sm ring-1 ring-ink-900/10 md:table">
        <caption className="sr-only">Transfers to your payout account, newest first</caption>
        <thead className="bg-canvas text-ink-500 text-xs uppercase tracking-wider">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Month paid
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              State
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Date
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-900/5">
          {transfers.map((transfer) => (
            <tr key={transfer.id}>
              <th scope="row" className="px-4 py-2.5 font-medium text-ink-900">
                {monthName(transfer.period)}
              </th>
              <td className="px-4 py-2.5">
                <TransferBadge status={transfer.status} />
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums">{money(transfer)}</td>
              <td className="px-4 py-2.5 text-ink-700">{when(transfer)}</td>
              <td className="break-all px-4 py-2.5 text-ink-600 text-xs">
                {transfer.failureMessage ?? transfer.providerReference ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 md:hidden" aria-label="Transfers to your payout account, newest first">
        {transfers.map((transfer) => (
          <li key={transfer.id} className="rounded-xl bg-white p-4 text-sm ring-1 ring-ink-900/10">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-ink-900">{monthName(transfer.period)}</span>
              <TransferBadge status={transfer.status} />
            </div>
            <p className="mt-1 font-semibold text-ink-900 tabular-nums">{money(transfer)}</p>
            <p className="text-ink-600 text-xs">{when(transfer)}</p>
            {transfer.failureMessage ? <p className="mt-1 text-red-700 text-xs">{transfer.failureMessage}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
