import { LoadingRegion, Skeleton } from './skeleton';

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
