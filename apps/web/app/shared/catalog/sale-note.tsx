import type { SaleTag } from '@everdeal/contracts';
import { clsx } from 'clsx';
import Tag from 'lucide-react/icons/tag';
import { LazyDealCountdown } from './lazy-deal-countdown';

export interface SaleNoteProps {
  sale: SaleTag;
  className?: string;
}

/**
 * A store-wide sale on a price (decision 042): its name, what it takes off and the time left,
 * ticking in the browser. The server renders the fixed end ("Ends May 3, 2026 at 2:00 PM UTC")
 * and the clock takes its place in the same grid cell, so nothing moves when it starts
 * (deal-countdown.tsx). Everything is text a screen reader reads in order.
 */
export function SaleNote({ sale, className }: SaleNoteProps) {
  return (
    <p className={clsx('sale-note', className)}>
      <Tag aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="font-semibold">
        {sale.name} <span className="whitespace-nowrap">−{sale.percentOff}%</span>
      </span>
      <span aria-hidden="true">·</span>
      <LazyDealCountdown endsAt={sale.endsAt} tickingPrefix="Ends in " endedText="Sale ended" />
    </p>
  );
}
