import { EmptyState } from '~/components/ui/empty-state';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { ProductGrid } from './product-grid';

export interface RelatedDealsProps {
  products: ProductCardView[];
  categoryName: string;
}

/** The product page's last section: the category's other top deals, or a note that there are none. */
export function RelatedDeals({ products, categoryName }: RelatedDealsProps) {
  return (
    <ProductGrid
      className="mt-6"
      products={products}
      headingLevel="h3"
      empty={
        <EmptyState
          className="mt-6"
          title={`No other ${categoryName.toLowerCase()} deals right now`}
          description="New AI deals launch every week."
        />
      }
    />
  );
}
