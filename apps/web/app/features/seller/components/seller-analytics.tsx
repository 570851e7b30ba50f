import type { AnalyticsFigures } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { ANALYTICS_RANGES, type AnalyticsRange, parseAnalyticsRange } from '@everdeal/contracts/seller-analytics-rules';
import { SELLER_NEW_PRODUCT_PATH, withSeller } from '@everdeal/contracts/seller-rules';
import { clsx } from 'clsx';
import ChartColumn from 'lucide-react/icons/chart-column';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { formatCount } from '~/lib/format-count';
import { figuresFor, formatConversion, isQuiet, METRIC_LABEL, type Metric } from '../analytics-view';
import { useSellerAnalytics } from '../api/seller-analytics-requests';
import { AnalyticsChart } from './analytics-chart';
import { AnalyticsTable } from './analytics-table';
import type { SellerContext } from './seller-shell';

const METRICS = Object.keys(METRIC_LABEL) as Metric[];

/**
 * `/seller/analytics` (requirements §13, decision 025): views, cart adds, sales, revenue and
 * conversion of the seller's products per day, for all of them or one (`?product=`), over the last
 * 7, 30 or 90 days (`?range=`), as a chart and as tables.
 */
export function SellerAnalyticsPage({ seller, sellers }: SellerContext) {
  const [params, setParams] = useSearchParams();
  const range = parseAnalyticsRange(params.get('range'));
  const analytics = useSellerAnalytics(seller.id, range);
  const [metric, setMetric] = useState<Metric>('views');
  const productFieldId = useId();

  const change = (name: 'range' | 'product', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  if (analytics.isPending) {
    return (
      <LoadingRegion label="Loading analytics…" className="space-y-6">
        <Skeleton className="h-10 w-full max-w-md" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {METRICS.map((name) => (
            <Skeleton key={name} className="h-20" />
          ))}
          <Skeleton className="h-20" />
        </div>
        <Skeleton className="h-56" />
      </LoadingRegion>
    );
  }
  if (analytics.isError) {
    return (
      <FormAlert>
        We could not load your analytics.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void analytics.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  }
  const data = analytics.data;
  const sellerParam = sellers.length > 1 ? seller.id : null;
  if (data.products.length === 0) {
    return (
      <EmptyState
        icon={ChartColumn}
        title="No products yet"
        description="Analytics show how shoppers find and buy your products: create one to start."
        action={
          <Link to={withSeller(SELLER_NEW_PRODUCT_PATH, sellerParam)} className={buttonClasses()}>
            Create a product
          </Link>
        }
      />
    );
  }
  const wanted = Number(params.get('product'));
  const product = data.products.find((candidate) => candidate.id === wanted) ?? null;
  const { daily, totals } = figuresFor(data, product?.id ?? null);
  const rangeLabel = `the last ${data.days} days`;

  return (
    <div className="space-y-8" aria-busy={analytics.isPlaceholderData}>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <fieldset>
          <legend className="mb-1.5 font-medium text-ink-900 text-sm">Range</legend>
          <div className="flex gap-1 rounded-full bg-ink-900/5 p-1">
            {ANALYTICS_RANGES.map((days) => (
              <Pill
                key={days}
                name="analytics-range"
                label={`${days} days`}
                checked={days === range}
                onChange={() => change('range', String(days satisfies AnalyticsRange))}
              />
            ))}
          </div>
        </fieldset>
        <div className="min-w-0 flex-1 basis-56 sm:max-w-xs">
          <label htmlFor={productFieldId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Product
          </label>
          <select
            id={productFieldId}
            value={product?.id ?? ''}
            onChange={(event) => change('product', event.target.value || null)}
            className="h-10 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          >
            <option value="">All products</option>
            {data.products.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        {analytics.isPlaceholderData ? (
          <p role="status" className="text-ink-500 text-sm">
            Updating…
          </p>
        ) : null}
      </div>

      <section aria-labelledby="analytics-totals" className="space-y-3">
        <h2 id="analytics-totals" className="font-semibold text-ink-900 text-lg">
          {product ? product.name : 'All products'}, {rangeLabel}
        </h2>
        <Totals figures={totals} currency={data.currency} />
      </section>

      {isQuiet(totals) ? (
        <EmptyState
          icon={ChartColumn}
          title={`No views or sales in ${rangeLabel}`}
          description="A view is counted when a shopper opens the product page, once per shopper and day; cart adds, sales and your share follow. A new product shows numbers here from its first visitor."
        />
      ) : (
        <section aria-labelledby="analytics-per-day" className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="analytics-per-day" className="font-semibold text-ink-900 text-lg">
              Per day
            </h2>
            <fieldset>
              <legend className="sr-only">Chart shows</legend>
              <div className="flex flex-wrap gap-1 rounded-full bg-ink-900/5 p-1">
                {METRICS.map((name) => (
                  <Pill
                    key={name}
                    name="analytics-metric"
                    label={METRIC_LABEL[name]}
                    checked={name === metric}
                    onChange={() => setMetric(name)}
                  />
                ))}
              </div>
            </fieldset>
          </div>
          <AnalyticsChart daily={daily} metric={metric} currency={data.currency} />
          <AnalyticsTable
            caption={`${product ? product.name : 'All products'} per day, newest first`}
            firstHeading="Day"
            rows={[...daily].reverse().map((day) => ({ key: day.day, label: day.day, figures: day, isDay: true }))}
            totals={totals}
            currency={data.currency}
          />
        </section>
      )}

      <section aria-labelledby="analytics-per-product" className="space-y-3">
        <h2 id="analytics-per-product" className="font-semibold text-ink-900 text-lg">
          Per product
        </h2>
        <AnalyticsTable
          caption={`Every product, ${rangeLabel}`}
          firstHeading="Product"
          rows={data.products.map((row) => ({ key: String(row.id), label: row.name, figures: row.totals }))}
          totals={data.totals}
          currency={data.currency}
        />
      </section>
    </div>
  );
}

function Totals({ figures, currency }: { figures: AnalyticsFigures; currency: string }) {
  const entries = [
    ['Views', formatCount(figures.views)],
    ['Cart adds', formatCount(figures.cartAdds)],
    ['Sales', formatCount(figures.sales)],
    // The seller's 70% after refunds (decision 025), as the payouts count it, not the price paid.
    ['Your share', formatMoney(figures.revenueCents, currency)],
    ['Conversion', formatConversion(figures.conversion)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {entries.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-canvas p-4">
          <dt className="text-ink-500 text-xs uppercase tracking-wider">{label}</dt>
          <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A radio button drawn as a pill, inside a fieldset that names the choice. */
function Pill({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label
      className={clsx(
        'relative flex h-8 items-center whitespace-nowrap rounded-full px-3 font-medium text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
        checked ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-700 hover:text-ink-900',
      )}
    >
      {/* The real radio button, invisible over the whole pill: it takes the clicks and the keyboard. */}
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
      />
      {label}
    </label>
  );
}
