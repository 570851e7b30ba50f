import { lazy, memo, Suspense } from 'react';
import type { DealCountdownProps } from './deal-countdown';

const DealCountdown = lazy(() => import('./deal-countdown').then((module) => ({ default: module.DealCountdown })));

/**
 * The deal countdown (deal-countdown.tsx), loaded on its own. The server renders the fixed end,
 * the hydrating browser keeps that HTML until the chunk is in and then starts the clock, so the
 * pages with a countdown (cards with a sale, the home page's ending-soon list and sale banner,
 * the buy box) carry none of its code in their first load (docs/benchmarks.md, "First-load
 * JavaScript"). On a page rendered in the browser the end shows once the chunk is in: where the
 * countdown is the only text of a line, the caller keeps the line's height.
 *
 * A memo: its parents render again before the chunk is in (the buy box when the reader scrolls
 * past it or picks a plan), and React drops the server's HTML of a boundary still waiting for its
 * code when an update reaches it, leaving the fallback (nothing) until the chunk arrives. The line
 * then lost its height under the reader, and what followed moved up while they were tapping it
 * (e2e/layout-stability.spec.ts). With its props the same, the render stops here.
 */
export const LazyDealCountdown = memo(function LazyDealCountdown(props: DealCountdownProps) {
  return (
    <Suspense fallback={null}>
      <DealCountdown {...props} />
    </Suspense>
  );
});
