import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/**
 * Skeletons stand in for content while it loads. They are hidden from assistive technology;
 * the region that holds them announces the loading state once (`LoadingRegion`).
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse rounded-md bg-ink-900/[0.07] motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

/** Wraps skeletons: `aria-busy` plus one screen-reader label instead of many empty boxes. */
export function LoadingRegion({
  label = 'Loading…',
  className,
  children,
  ...props
}: ComponentProps<'div'> & { label?: string }) {
  return (
    <div role="status" aria-busy="true" className={className} {...props}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

const lineWidths = ['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-3/4', 'w-5/6'];

/** A paragraph of grey lines; the last one is shorter, like real text. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={clsx('space-y-2.5', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines never reorder
          key={i}
          className={clsx('h-3.5', i === lines - 1 && lines > 1 ? 'w-3/5' : lineWidths[i % lineWidths.length])}
        />
      ))}
    </div>
  );
}

/**
 * Rows of the search overlay while results load: logo, two lines of text, a price. Here rather than
 * in a file of its own, as the page-shaped skeletons are: the overlay loads this module anyway, and
 * a chunk more would be one more name in every page's list of the overlay's chunks.
 */
export function SearchResultsSkeleton({ count = 4, className }: { count?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={clsx('space-y-1', className)}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <div key={i} className="flex items-center gap-3 rounded-xl px-3 py-2.5">
          <Skeleton className="size-10 shrink-0 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-3/4" />
          </div>
          <Skeleton className="h-4 w-12" />
        </div>
      ))}
    </div>
  );
}
