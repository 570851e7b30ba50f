import type { RefundDestination } from '@everdeal/contracts/constants';
import { type RefundAmounts, RefundDestinationFields } from './refund-destination-fields';
import { RefundReasonFields, type RefundWhy } from './refund-reason-fields';

/** The refund dialog's questions: where the money goes, then why (optional). */
export function RefundDialogFields({
  to,
  onToChange,
  why,
  onWhyChange,
  amounts,
}: {
  amounts: RefundAmounts;
  to: RefundDestination;
  onToChange: (to: RefundDestination) => void;
  why: RefundWhy;
  onWhyChange: (why: RefundWhy) => void;
}) {
  return (
    <>
      <RefundDestinationFields value={to} onChange={onToChange} amounts={amounts} />
      <RefundReasonFields value={why} onChange={onWhyChange} />
    </>
  );
}
