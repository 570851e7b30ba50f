import { clsx } from 'clsx';
import ArrowBigUp from 'lucide-react/icons/arrow-big-up';
import type { Ref } from 'react';
import { useEarlyTap } from '~/lib/early-tap';
import { formatCount } from '~/lib/format-count';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { useUpvoteToggle } from '../api/toggle-upvote';

export interface UpvoteButtonProps {
  product: ProductCardView;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * Upvote toggle with the product's count (requirements §4): a visitor signs in first, the vote shows at
 * once and the count settles on the server's answer. The name comes from the button's content,
 * hidden action text then the visible count ("Upvote Reelsmith, 1,234 upvotes"), so it contains
 * what is on screen (WCAG 2.5.3 Label in Name) and a speech user can say the number they see.
 */
export function UpvoteButton(props: UpvoteButtonProps) {
  const { isUpvoted, count, toggle, isPending } = useUpvoteToggle(props.product);
  const ref = useEarlyTap<HTMLButtonElement>();
  return (
    <UpvoteButtonView {...props} isUpvoted={isUpvoted} count={count} isPending={isPending} onClick={toggle} ref={ref} />
  );
}

/**
 * The button as every page is served and hydrated: the server renders signed out (the session
 * lives in the browser), so no vote, nothing pending, and the count the page was loaded with. The
 * server renders this instead of `UpvoteButton` and skips its queries and mutation on every card
 * (docs/benchmarks.md, "Server rendering without the page cache"); the markup is the same, so
 * the browser hydrates it.
 */
export function UpvoteButtonAsServed(props: UpvoteButtonProps) {
  return <UpvoteButtonView {...props} isUpvoted={false} count={props.product.upvoteCount} isPending={false} />;
}

interface UpvoteButtonViewProps extends UpvoteButtonProps {
  isUpvoted: boolean;
  count: number;
  isPending: boolean;
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

function UpvoteButtonView({
  product,
  size = 'sm',
  className,
  isUpvoted,
  count,
  isPending,
  onClick,
  ref,
}: UpvoteButtonViewProps) {
  return (
    <button
      ref={ref}
      type="button"
      data-early-tap=""
      aria-pressed={isUpvoted}
      aria-busy={isPending || undefined}
      onClick={onClick}
      className={clsx(
        'upvote-btn',
        size === 'sm' ? 'upvote-btn-sm' : 'upvote-btn-md',
        isUpvoted ? 'upvote-btn-on' : 'upvote-btn-off',
        className,
      )}
    >
      <span className="sr-only">{isUpvoted ? `Remove upvote from ${product.name}, ` : `Upvote ${product.name}, `}</span>
      <ArrowBigUp
        aria-hidden="true"
        className={clsx('size-4', isUpvoted ? 'fill-current' : 'text-brand-600')}
        strokeWidth={2.25}
      />
      <span>
        {formatCount(count)}
        <span className="sr-only">{count === 1 ? ' upvote' : ' upvotes'}</span>
      </span>
    </button>
  );
}
