import { clsx } from 'clsx';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import { Link } from 'react-router';
import { countOf } from '~/lib/format-count';
import { refundWindowTitle } from '../refund-window';

export interface RefundGuaranteeProps {
  /** The deal's refund window; 0 means the deal cannot be refunded. */
  days: number;
  className?: string;
}

/** What the deal's refund window means for the buyer, with a link to the full policy. */
export function RefundGuarantee({ days, className }: RefundGuaranteeProps) {
  const hasRefunds = days > 0;
  const Icon = hasRefunds ? ShieldCheck : ShieldOff;
  return (
    <section
      aria-labelledby="refund-window"
      className={clsx(
        'rounded-card p-5 ring-1 ring-inset',
        hasRefunds ? 'bg-emerald-50 ring-emerald-600/20' : 'bg-ink-900/[0.03] ring-ink-900/10',
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <Icon
          aria-hidden="true"
          className={clsx('size-6 shrink-0', hasRefunds ? 'text-emerald-700' : 'text-ink-500')}
        />
        <h2 id="refund-window" className="font-semibold text-ink-900">
          {refundWindowTitle(days)}
        </h2>
      </div>
      <p className="mt-2 text-sm text-ink-700">
        {hasRefunds
          ? `Not the right fit? Refund it yourself from your order page within ${countOf(days, 'day')} of purchase. You get the full amount of the item back, no questions asked, and its license codes stop working.`
          : 'This deal is final: once you buy, the purchase cannot be refunded. Read the plan details carefully and ask the seller any questions before you buy.'}
      </p>
      <Link to="/refund-policy" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Read the refund policy
      </Link>
    </section>
  );
}
