import type { SaleTag } from '@everdeal/contracts';
import Tag from 'lucide-react/icons/tag';
import { LazyDealCountdown } from '~/shared/catalog/lazy-deal-countdown';

/**
 * The home page's banner while a store-wide sale runs (decision 042): its name, what it takes off
 * and the time left, ticking in the browser from a fixed end the server renders (no layout shift:
 * deal-countdown.tsx keeps the box's size). A region with a name, so it is found by landmark.
 */
export function SaleBanner({ sale }: { sale: SaleTag }) {
  return (
    <section aria-label={`Sale: ${sale.name}`} className="bg-rose-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-center gap-2 font-semibold">
          <Tag aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 break-words">
            {sale.name}: {sale.percentOff}% off deals across the store
          </span>
        </p>
        <p className="min-h-5 text-rose-50 text-sm tabular-nums">
          <LazyDealCountdown endsAt={sale.endsAt} tickingPrefix="Ends in " endedText="The sale has ended" />
        </p>
      </div>
    </section>
  );
}
