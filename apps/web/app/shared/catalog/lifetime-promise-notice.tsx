import type { LifetimePromise } from '@everdeal/contracts';
import { Link } from 'react-router';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The lifetime promise's notice (decision 031) on a product page and on each bought item of it:
 * the date a deal ends and what its seller told buyers, or that it was shut down. `owner` words
 * it for a buyer looking at their own item. Loaded by `LifetimePromiseBanner` only for a deal
 * that is ending.
 */
export function LifetimePromiseNotice({
  promise,
  audience,
  className = '',
}: {
  promise: LifetimePromise;
  audience: 'shopper' | 'owner';
  className?: string;
}) {
  if (!promise.sunsetAt) return null;
  const date = dateFormat.format(new Date(promise.sunsetAt));
  const isShutDown = promise.status === 'shut_down';
  return (
    <section
      aria-label="Lifetime promise"
      className={`rounded-lg border-l-4 px-4 py-3 ${isShutDown ? 'border-red-600 bg-red-50 text-red-950' : 'border-amber-500 bg-amber-50 text-amber-950'} ${className}`}
    >
      <p className="font-semibold">
        {isShutDown
          ? audience === 'owner'
            ? `This deal was shut down on ${date}: you received store credit.`
            : `This deal was shut down on ${date}: its buyers received store credit.`
          : `This deal ends on ${date}.`}
      </p>
      {promise.message ? (
        <p className="mt-1 whitespace-pre-line break-words">
          {isShutDown ? 'Why: ' : 'The seller says: '}
          {promise.message}
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        {isShutDown
          ? 'Under our lifetime promise, each purchase still held was paid back as store credit: 100% if bought within 12 months, 50% within 24.'
          : audience === 'owner'
            ? 'It is no longer sold. On that date you get store credit for this purchase: 100% if bought within the 12 months before, 50% within 24.'
            : 'It is no longer sold. On that date its buyers get store credit under our lifetime promise.'}{' '}
        <Link to="/refund-policy#lifetime-promise" className="font-semibold underline">
          How the lifetime promise works
        </Link>
      </p>
    </section>
  );
}
