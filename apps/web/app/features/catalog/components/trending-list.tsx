import type { ProductSummary } from '@everdeal/contracts';
import { productPath } from '@everdeal/contracts/paths';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import { Link } from 'react-router';
import { pick } from '~/lib/pick';
import { ProductLogo } from './product-logo';
import { UpvoteCount } from './upvote-count';

const TRENDING_ROW_FIELDS = [
  'id',
  'slug',
  'name',
  'tagline',
  'logoUrl',
  'upvoteCount',
  'price',
  'billingInterval',
  'currency',
] as const;

/** What a trending row shows; the loader sends no more (see `ProductCardView`). */
export type TrendingRowView = Pick<ProductSummary, (typeof TRENDING_ROW_FIELDS)[number]>;

export function toTrendingRowView(product: ProductSummary): TrendingRowView {
  return pick(product, TRENDING_ROW_FIELDS);
}

/** A numbered ranking (#1 first) of compact rows, for the home page's trending preview. */
export function TrendingList({ products }: { products: TrendingRowView[] }) {
  return (
    <ol className="divide-y divide-ink-900/5 overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-ink-900/5">
      {products.map((product, index) => (
        <li key={product.id} className="relative flex items-center gap-4 px-4 py-3 hover:bg-canvas sm:px-5">
          <span className="w-8 shrink-0 text-center text-xl font-extrabold text-brand-600 tabular-nums">
            <span className="sr-only">Rank </span>
            {index + 1}
          </span>
          <ProductLogo src={product.logoUrl} name={product.name} size="sm" />
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold text-ink-900">
              <Link
                to={productPath(product.slug)}
                className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:underline"
              >
                {product.name}
              </Link>
            </h3>
            <p className="truncate text-sm text-ink-500">{product.tagline}</p>
          </div>
          <div className="hidden shrink-0 sm:block">
            <UpvoteCount count={product.upvoteCount} />
          </div>
          <span className="shrink-0 font-bold text-ink-900 tabular-nums">
            {formatPlanPrice(product.price, product.currency, product.billingInterval)}
          </span>
        </li>
      ))}
    </ol>
  );
}
