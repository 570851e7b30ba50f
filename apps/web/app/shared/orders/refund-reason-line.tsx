import type { RefundReason } from '@everdeal/contracts';
import { REFUND_REASONS } from '@everdeal/contracts/constants';

/**
 * Why a buyer refunded, as they said it in the refund dialog (decision 026): the reason chosen and
 * their own words. The admin's order view and the seller's sales list show it the same way.
 */
export function RefundReasonLine({ reason, className }: { reason: RefundReason; className?: string }) {
  return (
    <p className={className ?? 'mt-1 break-words text-ink-700 text-sm'}>
      <span className="font-medium">Shopper’s reason:</span>{' '}
      {reason.reason ? REFUND_REASONS[reason.reason] : 'Not given'}
      {reason.note ? <span className="text-ink-600"> — “{reason.note}”</span> : null}
    </p>
  );
}
