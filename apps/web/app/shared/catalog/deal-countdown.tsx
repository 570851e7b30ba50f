import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { formatCountdown, formatEndTime, getTimeLeft } from './countdown';

export interface DealCountdownProps {
  /** ISO end time of the deal. */
  endsAt: string;
  /** Text before the ticking clock ("Ends in "); the fixed end time reads "Ends May 3, …" alone. */
  tickingPrefix?: string;
  /** What it says once the end has passed (a sale's countdown says "Sale ended"). */
  endedText?: string;
  className?: string;
}

/**
 * Time left on a deal, ticking every second. The server (and the hydrating render) show the
 * fixed end time, so the HTML never disagrees with the first client render; the clock starts
 * after hydration. The fixed end time stays in place, invisible, under the clock: "Ends May 3,
 * 2026 at 2:00 PM UTC" takes two lines in a narrow box where "3d 04h 12m 09s" takes one, and
 * the box must not shrink and pull what follows it up when the clock starts (the layout
 * shift budget, docs/benchmarks.md "Layout shift").
 */
export function DealCountdown({ endsAt, tickingPrefix = '', endedText = 'Deal ended', className }: DealCountdownProps) {
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = now === null ? undefined : getTimeLeft(endsAt, now);
  const isTicking = left !== undefined;
  // Only the fixed end is a <time>: a ticking "3d 04h 12m" is a duration, and every <time>
  // on the store reads as a date (requirements §2, "November 20, 2026").
  return (
    <span className={clsx('inline-grid tabular-nums', className)} data-ticking={isTicking || undefined}>
      <span className={clsx('[grid-area:1/1]', isTicking && 'invisible')}>
        Ends <time dateTime={endsAt}>{formatEndTime(endsAt)}</time>
      </span>
      {isTicking ? (
        <span className="[grid-area:1/1] self-center">
          {left === null ? endedText : `${tickingPrefix}${formatCountdown(left)}`}
        </span>
      ) : null}
    </span>
  );
}
