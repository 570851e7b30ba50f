import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';

/** What a form page shows until the browser knows who is signed in. */
export function FormSkeleton() {
  return (
    <LoadingRegion className="space-y-5">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="ml-auto h-12 w-40" />
    </LoadingRegion>
  );
}
