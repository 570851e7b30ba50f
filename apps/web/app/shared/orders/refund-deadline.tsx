import { useEffect, useState } from 'react';
import { formatDateTime } from '~/lib/format-date';
import { refundTimeLeft } from './refund-time';

const TICK_MS = 30_000;

/**
 * Requirements §11: the refund deadline as a countdown. It changes by the minute, so it is not a
 * live region (a screen reader would read it every tick); the deadline itself is in the text.
 */
export function RefundDeadline({
  refundableUntil,
  refundWindowDays,
}: {
  refundableUntil: string | null;
  refundWindowDays: number;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!refundableUntil) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [refundableUntil]);

  if (refundWindowDays === 0) return <p className="text-ink-700">This deal takes no refunds.</p>;
  if (!refundableUntil) return <p className="text-ink-700">The refund window starts once the payment goes through.</p>;
  const left = refundTimeLeft(refundableUntil, now);
  if (!left) return <p className="text-ink-700">The refund window closed on {formatDateTime(refundableUntil)}.</p>;
  return (
    <p className="text-ink-700">
      <span className="font-semibold text-ink-900 tabular-nums">{left}</span> left to ask for a refund (until{' '}
      <time dateTime={refundableUntil}>{formatDateTime(refundableUntil)}</time>).
    </p>
  );
}
