import { LoadingRegion, Skeleton, SkeletonText } from '~/components/ui/skeleton';

/** What the server renders for a ticket, and what shows until the session and the ticket are known. */
export function TicketThreadSkeleton() {
  return (
    <LoadingRegion label="Loading the ticket…" className="space-y-6">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-8 w-3/4" />
      <div className="space-y-4">
        {[0, 1].map((i) => (
          <div key={i} className="rounded-2xl bg-white p-5 shadow-card">
            <Skeleton className="mb-3 h-4 w-32" />
            <SkeletonText lines={3} />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
