import type { ProductSummary } from '@everdeal/contracts';
import { productPath } from '@everdeal/contracts/paths';
import Clock from 'lucide-react/icons/clock';
import { Link } from 'react-router';
import { pick } from '~/lib/pick';
import { LazyDealCountdown } from '~/shared/catalog/lazy-deal-countdown';
import { PriceTag } from './price-tag';
import { ProductLogo } from './product-logo';

const ENDING_SOON_FIELDS = [
  'id',
  'slug',
  'name',
  'tagline',
  'logoUrl',
  'price',
  'regularPrice',
  'originalPrice',
  'billingInterval',
  'currency',
  'endsAt',
] as const;

/** What an ending-soon card shows; the loader sends no more (see `ProductCardView`). */
export type EndingSoonView = Pick<ProductSummary, (typeof ENDING_SOON_FIELDS)[number]>;

export function toEndingSoonView(product: ProductSummary): EndingSoonView {
  return pick(product, ENDING_SOON_FIELDS);
}

/** Live deals about to close, each with its clock; the whole card links to the deal. */
export function EndingSoonList({ products }: { products: EndingSoonView[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) =>
        product.endsAt ? (
          <li key={product.id}>
            <article className="relative flex h-full flex-col rounded-card bg-surface p-5 shadow-card ring-1 ring-accent-500/40 transition hover:-translate-y-0.5 hover:shadow-pop focus-within:ring-2 focus-within:ring-brand-500">
              <div className="flex items-center gap-3">
                <ProductLogo src={product.logoUrl} name={product.name} size="sm" />
                <h3 className="min-w-0 font-semibold leading-snug text-ink-900">
                  <Link
                    to={productPath(product.slug)}
                    className="outline-none after:absolute after:inset-0 after:rounded-card after:content-[''] hover:text-brand-700"
                  >
                    {product.name}
                  </Link>
                </h3>
              </div>
              <p className="mt-3 line-clamp-2 text-sm text-ink-500">{product.tagline}</p>
              <div className="mt-auto pt-4">
                <PriceTag
                  price={product.price}
                  regularPrice={product.regularPrice}
                  originalPrice={product.originalPrice}
                  currency={product.currency}
                  interval={product.billingInterval}
                />
                <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-accent-400/15 px-3 py-2 text-sm font-semibold text-[#8a4a00]">
                  <Clock aria-hidden="true" className="size-4 shrink-0" />
                  <span className="sr-only">Time left: </span>
                  <LazyDealCountdown endsAt={product.endsAt} />
                </p>
              </div>
            </article>
          </li>
        ) : null,
      )}
    </ul>
  );
}
