import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';

/** What an open thread shows until its replies are there (also the server's HTML of a closed one). */
export function RepliesLoading() {
  return (
    <LoadingRegion label="Loading the replies…" className="space-y-2">
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </LoadingRegion>
  );
}
