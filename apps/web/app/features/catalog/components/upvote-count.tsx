import { clsx } from 'clsx';
import ArrowBigUp from 'lucide-react/icons/arrow-big-up';
import { formatCount } from '~/lib/format-count';

export interface UpvoteCountProps {
  count: number;
  className?: string;
}

/** Read-only upvote total; voting arrives with accounts. */
export function UpvoteCount({ count, className }: UpvoteCountProps) {
  return (
    <span className={clsx('inline-flex items-center gap-1 text-xs font-semibold text-ink-700 tabular-nums', className)}>
      <ArrowBigUp aria-hidden="true" className="size-4 text-brand-600" />
      {formatCount(count)}
      <span className="sr-only">{count === 1 ? ' upvote' : ' upvotes'}</span>
    </span>
  );
}
