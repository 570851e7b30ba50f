import type { TicketStatus } from '@everdeal/contracts';
import { TicketStatusLabel } from '@everdeal/contracts/content-messages';
import { clsx } from 'clsx';

const toneOf: Record<TicketStatus, string> = {
  open: 'bg-sky-50 text-sky-800 ring-sky-200',
  awaiting_reply: 'bg-amber-50 text-amber-900 ring-amber-200',
  closed: 'bg-ink-900/5 text-ink-700 ring-ink-900/10',
};

/** A ticket's status in the customer's words (contracts TicketStatusLabel; decision 009). */
export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset',
        toneOf[status],
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {TicketStatusLabel[status]}
    </span>
  );
}
