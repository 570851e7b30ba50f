import { clsx } from 'clsx';
import { LoadingRegion, Skeleton, SkeletonText } from './skeleton';

// Shapes of the catalogue's content while it loads (skeleton.tsx has the parts and the rules).

/** The shape of a product card (logo, name, tagline, price row), for catalogue grids. */
export function ProductCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx('flex flex-col rounded-card border border-ink-900/[0.06] bg-white p-5 shadow-card', className)}
    >
      <div className="flex items-start gap-4">
        <Skeleton className="size-14 shrink-0 rounded-xl" />
        <div className="flex-1 space-y-2.5 pt-1">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="mt-5 space-y-2">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-4/5" />
      </div>
      <div className="mt-6 flex items-end justify-between">
        <div className="space-y-2">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-3 w-10" />
        </div>
        <Skeleton className="h-9 w-24 rounded-full" />
      </div>
    </div>
  );
}

/** A grid of product-card skeletons, announced once as loading. */
export function ProductGridSkeleton({ count = 6, className }: { count?: number; className?: string }) {
  return (
    <LoadingRegion label="Loading deals…" className={clsx('grid gap-5 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <ProductCardSkeleton key={i} />
      ))}
    </LoadingRegion>
  );
}

/** The shape of a product page: header with logo, gallery, description and a plan box. */
export function ProductPageSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={clsx('grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]', className)}>
      <div className="min-w-0">
        <div className="flex items-center gap-5">
          <Skeleton className="size-20 shrink-0 rounded-2xl" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <div className="flex gap-2 pt-1">
              <Skeleton className="h-6 w-20 rounded-full" />
              <Skeleton className="h-6 w-24 rounded-full" />
            </div>
          </div>
        </div>
        <Skeleton className="mt-8 aspect-video w-full rounded-card" />
        <div className="mt-8 space-y-3">
          <Skeleton className="h-5 w-40" />
          <SkeletonText lines={5} />
        </div>
      </div>
      <div className="h-fit space-y-4 rounded-card border border-ink-900/[0.06] bg-white p-6 shadow-card">
        <Skeleton className="h-4 w-24" />
        <div className="flex items-baseline gap-3">
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-5 w-14" />
        </div>
        <div className="space-y-2.5 pt-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-4 rounded-full" />
              <Skeleton className="h-3.5 flex-1" />
            </div>
          ))}
        </div>
        <Skeleton className="h-12 w-full rounded-full" />
        <Skeleton className="h-11 w-full rounded-full" />
      </div>
    </div>
  );
}
