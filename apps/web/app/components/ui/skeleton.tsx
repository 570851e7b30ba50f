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

/** Rows of the search overlay while results load: logo, two lines of text, a price. */
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

/** What the server renders for /cart, and what shows until the session and the cart are known. */
export function CartSkeleton() {
  return (
    <LoadingRegion label="Loading your cart…" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-4">
        {[0, 1].map((i) => (
          // The cart line's own layout (cart-view.tsx): the stepper wraps under the name on a phone,
          // so the skeleton is never wider than the screen.
          <div
            key={i}
            className="flex flex-wrap items-center gap-4 rounded-card bg-white p-4 shadow-card sm:flex-nowrap sm:p-5"
          >
            <Skeleton className="size-16 shrink-0 rounded-xl" />
            <div className="min-w-0 flex-1 space-y-2.5">
              <Skeleton className="h-5 w-full max-w-48" />
              <Skeleton className="h-3.5 w-full max-w-32" />
            </div>
            <Skeleton className="h-10 w-32 rounded-full" />
          </div>
        ))}
      </div>
      <div className="h-fit space-y-3 rounded-card bg-white p-6 shadow-card">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="mt-4 h-12 w-full rounded-full" />
      </div>
    </LoadingRegion>
  );
}

/** What the server renders for /user pages, and what shows until the session is known. */
export function AccountSkeleton() {
  return (
    <LoadingRegion label="Loading your account…" className="space-y-6">
      <div className="flex items-center gap-4 rounded-card bg-white p-6 shadow-card">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex-1 space-y-2.5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-3.5 w-64" />
        </div>
      </div>
      <div className="rounded-card bg-white p-6 shadow-card">
        <Skeleton className="mb-5 h-5 w-40" />
        <SkeletonText lines={4} />
      </div>
    </LoadingRegion>
  );
}
