import type { LifetimePromise } from '@everdeal/contracts';
import { lazy, Suspense } from 'react';

// Almost every deal is active: its page carries no code for the notice, which loads (and renders
// on the server) only for a deal that is ending. Every page stays within the first-load budget
// (docs/benchmarks.md, bundle size).
const LifetimePromiseNotice = lazy(() =>
  import('./lifetime-promise-notice').then((module) => ({ default: module.LifetimePromiseNotice })),
);

/** The lifetime promise's banner (decision 031): nothing while the deal is active. */
export function LifetimePromiseBanner(props: {
  promise: LifetimePromise;
  audience: 'shopper' | 'owner';
  className?: string;
}) {
  if (props.promise.status === 'active' || !props.promise.sunsetAt) return null;
  return (
    <Suspense fallback={null}>
      <LifetimePromiseNotice {...props} />
    </Suspense>
  );
}
