import { lazy, Suspense } from 'react';

/**
 * The 404 and error pages load only when a page fails: every page's first load used to carry
 * both (their illustration included). The server renders them like any page; in the browser the
 * server's HTML stays on screen until the chunk has arrived and hydrated.
 */
const RouteErrorContent = lazy(() => import('./route-error').then((module) => ({ default: module.RouteError })));

export function LazyRouteError({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <RouteErrorContent error={error} />
    </Suspense>
  );
}
