import type { DealStatus } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { formatDealDate } from './deal-status';
import { DealStatusBadge } from './deal-status-badge';

const statusText: Record<DealStatus, string> = {
  upcoming: 'Coming soon',
  live: 'Live',
  sold_out: 'Sold out',
  ended: 'Ended',
};

export interface DealFactsProps {
  status: DealStatus;
  endsAt: string | null;
  className?: string;
}

/** The deal's state and when it closes. */
export function DealFacts({ status, endsAt, className }: DealFactsProps) {
  const isPast = endsAt !== null && Date.parse(endsAt) <= Date.now();
  return (
    <section
      aria-labelledby="deal-status"
      className={clsx('rounded-card bg-surface p-5 shadow-card ring-1 ring-ink-900/5', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="deal-status" className="font-semibold text-ink-900">
          Deal status
        </h2>
        <DealStatusBadge status={status} endsAt={endsAt} showLive />
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-ink-500">Status</dt>
          <dd className="font-medium text-ink-900">{statusText[status]}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-ink-900/5 pt-3">
          <dt className="text-ink-500">
            {status === 'upcoming' ? 'Deal runs until' : isPast ? 'Deal ended' : 'Deal ends'}
          </dt>
          <dd className="text-right font-medium text-ink-900">
            {endsAt ? <time dateTime={endsAt}>{formatDealDate(endsAt)}</time> : 'No end date set'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
