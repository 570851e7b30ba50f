import { productPath } from '@everdeal/contracts/paths';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { cheapestPlan, type ProductCardView } from '~/shared/catalog/product-card-view';
import { SaleNote } from '~/shared/catalog/sale-note';
import { useProductActions } from '../product-actions';
import { DealStatusBadge } from './deal-status-badge';
import { PriceTag } from './price-tag';
import { ProductLogo } from './product-logo';
import { RatingStars } from './rating-stars';

export interface ProductCardProps {
  product: ProductCardView;
  /** Position in a ranking; shows "#1", "#2"… in the corner. */
  rank?: number;
  /** Heading level of the product name, to keep the page outline in order (default h3). */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/**
 * One deal in a grid. The whole card is clickable through the name link stretched over it,
 * so screen readers hear one link per card, named after the product. The upvote, wishlist and
 * add-to-cart buttons are siblings of the link (never inside it) and sit above its overlay;
 * the tab order is name, upvote, wishlist, add to cart.
 */
export function ProductCard({ product, rank, headingLevel: Heading = 'h3', className }: ProductCardProps) {
  const isClosed = product.dealStatus === 'sold_out' || product.dealStatus === 'ended';
  const plan = product.dealStatus === 'live' ? cheapestPlan(product.plans) : undefined;
  const nameId = useId();
  const { UpvoteButton, FavoriteButton, AddToCartButton } = useProductActions();
  return (
    <article aria-labelledby={nameId} className={clsx('group product-card', className)}>
      <div className="flex items-start gap-3">
        <div className="flex shrink-0 flex-col items-center gap-1.5">
          <ProductLogo src={product.logoUrl} name={product.name} size="sm" className={clsx(isClosed && 'grayscale')} />
          {rank ? (
            <span className="product-card-rank">
              <span className="sr-only">Rank </span>#{rank}
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <Heading id={nameId} className="product-card-name">
            <Link
              to={productPath(product.slug)}
              className="stretched-link group-hover:text-brand-700"
              prefetch="intent"
            >
              {product.name}
            </Link>
          </Heading>
          <p className="mt-1 flex flex-wrap items-center gap-1.5">
            <span className="chip bg-brand-50 text-brand-700">
              <span className="sr-only">Category: </span>
              {product.category.name}
            </span>
            <DealStatusBadge status={product.dealStatus} endsAt={product.endsAt} className="px-2" />
            {product.dealHealthScore === null ? null : (
              // Requirements §12: the deal-health score on every card; its parts are on the product page.
              <span className="chip bg-ink-900/5 text-ink-700 tabular-nums">
                Health {product.dealHealthScore}
                <span className="sr-only"> out of 100</span>
              </span>
            )}
          </p>
        </div>
        <UpvoteButton product={product} />
      </div>

      <p className="mt-3 line-clamp-2 text-sm text-ink-500">{product.tagline}</p>

      <div className="mt-auto pt-4">
        {product.sale ? <SaleNote sale={product.sale} className="mb-2" /> : null}
        <div className="product-card-footer">
          <PriceTag
            price={product.price}
            regularPrice={product.regularPrice}
            originalPrice={product.originalPrice}
            currency={product.currency}
            interval={product.billingInterval}
          />
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
        </div>
        <div className="mt-4 flex items-center gap-2">
          <FavoriteButton product={product} />
          {plan ? (
            <AddToCartButton
              product={product}
              plan={plan}
              size="sm"
              label={`Add to cart: ${product.name}`}
              className="relative z-10 h-10 flex-1 md:h-9"
            />
          ) : null}
        </div>
      </div>
    </article>
  );
}
