import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { ProductCard } from './product-card';

export interface ProductGridProps {
  products: ProductCardView[];
  /** Rendered instead of the grid when there are no products. */
  empty: ReactNode;
  /** Rank of the first product; omit for an unranked grid. */
  firstRank?: number;
  headingLevel?: 'h2' | 'h3';
  /** `narrow` for a grid beside a sidebar (at most three columns). */
  width?: 'full' | 'narrow';
  className?: string;
}

export function ProductGrid({ products, empty, firstRank, headingLevel, width = 'full', className }: ProductGridProps) {
  if (products.length === 0) return <>{empty}</>;
  return (
    <ul
      className={clsx(
        'grid gap-4 sm:grid-cols-2 sm:gap-5',
        width === 'full' ? 'lg:grid-cols-3 xl:grid-cols-4' : 'xl:grid-cols-3',
        className,
      )}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            rank={firstRank === undefined ? undefined : firstRank + index}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
