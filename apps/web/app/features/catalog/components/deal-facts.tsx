import type { DealStatus } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { formatDate } from '~/lib/format-date';
import { DealCountdown } from '~/shared/catalog/deal-countdown';
import { ENDING_SOON_MS } from '../deal-status';
import { DealStatusBadge } from './deal-status-badge';

export interface DealFactsProps {
  status: DealStatus;
  endsAt: string | null;
  /** Server time of the render, so the server and the hydrating client pick the same wording. */
  now: number;
  className?: string;
}

type Phase = 'upcoming' | 'live' | 'ending_soon' | 'sold_out' | 'ended';

const phaseText: Record<Phase, { label: string; explain: string }> = {
  upcoming: { label: 'Coming soon', explain: 'This deal has not launched yet: plans can be bought once it goes live.' },
  live: { label: 'Live', explain: 'On sale now at the deal price.' },
  ending_soon: { label: 'Ending soon', explain: 'The deal price goes away when the clock runs out.' },
  sold_out: { label: 'Sold out', explain: 'Every license code of this deal has been sold.' },
  ended: { label: 'Ended', explain: 'This deal is over and can no longer be bought.' },
};

function dealPhase(status: DealStatus, endsAt: string | null, now: number): Phase {
  if (status !== 'live') return status;
  if (!endsAt) return 'live';
  const remaining = Date.parse(endsAt) - now;
  if (remaining <= 0) return 'ended';
  return remaining <= ENDING_SOON_MS ? 'ending_soon' : 'live';
}

/** The deal's state, what it means, and when it closes: a ticking clock when it ends soon. */
export function DealFacts({ status, endsAt, now, className }: DealFactsProps) {
  const phase = dealPhase(status, endsAt, now);
  const { label, explain } = phaseText[phase];
  const isPast = endsAt !== null && Date.parse(endsAt) <= now;
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
      <p className="mt-2 text-sm text-ink-700">{explain}</p>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-ink-500">Status</dt>
          <dd className="font-medium text-ink-900">{label}</dd>
        </div>
        {phase === 'ending_soon' && endsAt ? (
          <div className="flex items-baseline justify-between gap-4 border-t border-ink-900/5 pt-3">
            <dt className="text-ink-500">Time left</dt>
            <dd className="text-right font-semibold text-[#8a4a00]">
              <DealCountdown endsAt={endsAt} />
            </dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 border-t border-ink-900/5 pt-3">
          <dt className="text-ink-500">
            {status === 'upcoming' ? 'Deal runs until' : isPast ? 'Deal ended' : 'Deal ends'}
          </dt>
          <dd className="text-right font-medium text-ink-900">
            {endsAt ? <time dateTime={endsAt}>{formatDate(endsAt)}</time> : 'No end date set'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
