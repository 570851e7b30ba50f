import { LoadingRegion, Skeleton, SkeletonText } from './skeleton';

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
