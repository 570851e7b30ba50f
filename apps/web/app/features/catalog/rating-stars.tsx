import { clsx } from 'clsx';
import Star from 'lucide-react/icons/star';

export interface RatingStarsProps {
  /** Average stars, 0 to 5 (0 when there are no reviews). */
  rating: number;
  reviewCount: number;
  size?: 'sm' | 'md';
  className?: string;
}

const starSize = { sm: 'size-3.5', md: 'size-4.5' } as const;

/** Five stars filled to the average, the average itself and the review count. */
export function RatingStars({ rating, reviewCount, size = 'sm', className }: RatingStarsProps) {
  if (reviewCount === 0) {
    return (
      <span className={clsx('text-ink-500', size === 'sm' ? 'text-xs' : 'text-sm', className)}>No reviews yet</span>
    );
  }
  const rounded = Math.round(rating * 10) / 10;
  return (
    <span className={clsx('inline-flex items-center gap-1.5', size === 'sm' ? 'text-xs' : 'text-sm', className)}>
      <span role="img" aria-label={`Rated ${rounded.toFixed(1)} out of 5`} className="relative inline-flex">
        <span className="flex text-ink-300" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className={clsx(starSize[size], 'fill-current')} strokeWidth={0} />
          ))}
        </span>
        <span
          className="absolute inset-y-0 left-0 flex overflow-hidden text-accent-500"
          style={{ width: `${(Math.min(Math.max(rating, 0), 5) / 5) * 100}%` }}
          aria-hidden="true"
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className={clsx(starSize[size], 'shrink-0 fill-current')} strokeWidth={0} />
          ))}
        </span>
      </span>
      <span className="font-semibold text-ink-900 tabular-nums" aria-hidden="true">
        {rounded.toFixed(1)}
      </span>
      <span className="text-ink-500 tabular-nums">
        ({reviewCount.toLocaleString('en-US')} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
