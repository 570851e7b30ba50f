import { productPath } from '@everdeal/contracts/paths';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { DiscountBadge } from './price-tag';
import { ProductLogo } from './product-logo';

// Fanned cards: each one sits a little lower and turns a little further, like a dealt hand.
const placements = ['lg:-rotate-2 lg:translate-x-2', 'lg:rotate-1 lg:-translate-x-6', 'lg:rotate-2'];

/** The hero shows the first featured cards, so it takes the same list with fewer needs. */
export type HeroDealView = Pick<
  ProductCardView,
  'id' | 'slug' | 'name' | 'tagline' | 'logoUrl' | 'price' | 'originalPrice' | 'billingInterval' | 'currency'
>;

/**
 * The hero's showcase of real featured deals (desktop only): the store's first screen shows
 * what is for sale, not a stock illustration.
 */
export function HeroDealStack({ products }: { products: HeroDealView[] }) {
  const shown = products.slice(0, placements.length);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Deals in the spotlight" className="hidden flex-col gap-4 pr-4 lg:flex">
      {shown.map((product, index) => (
        <li
          key={product.id}
          className={clsx(
            'rounded-card bg-white p-4 text-ink-900 shadow-pop ring-1 ring-ink-900/5 transition-transform duration-300 hover:rotate-0',
            // The whole card shows keyboard focus, straightened, in a colour that
            // stands out on the dark hero: the link inside draws no outline of its own.
            'has-[:focus-visible]:rotate-0 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400 has-[:focus-visible]:outline-offset-4',
            placements[index],
          )}
        >
          <Link to={productPath(product.slug)} className="flex items-center gap-4 focus-visible:outline-none">
            <ProductLogo src={product.logoUrl} name={product.name} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{product.name}</span>
              <span className="block truncate text-sm text-ink-500">{product.tagline}</span>
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="font-bold tabular-nums">
                {formatPlanPrice(product.price, product.currency, product.billingInterval)}
              </span>
              <DiscountBadge price={product.price} originalPrice={product.originalPrice} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
