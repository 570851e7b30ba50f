import { clsx } from 'clsx';
import type { CSSProperties } from 'react';
import { formatCount } from '~/lib/format-count';

export interface RatingStarsProps {
  /** Average stars, 0 to 5 (0 when there are no reviews). */
  rating: number;
  reviewCount: number;
  size?: 'sm' | 'md';
  className?: string;
}

// Five stars of 0.875 or 1.125 rem side by side (the `.rating-stars` mask in app.css).
const starsSize = { sm: 'h-3.5 w-17.5', md: 'h-4.5 w-22.5' } as const;

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
      {/* One masked element instead of ten SVG stars: a product grid showed 160 of them. */}
      <span
        role="img"
        aria-label={`Rated ${rounded.toFixed(1)} out of 5`}
        className={clsx('rating-stars inline-block shrink-0', starsSize[size])}
        style={{ '--rating-fill': `${(Math.min(Math.max(rating, 0), 5) / 5) * 100}%` } as CSSProperties}
      />
      <span className="font-semibold text-ink-900 tabular-nums" aria-hidden="true">
        {rounded.toFixed(1)}
      </span>
      <span className="text-ink-500 tabular-nums">
        ({formatCount(reviewCount)} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
