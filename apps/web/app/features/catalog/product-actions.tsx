import type { OwnedItem, Plan } from '@everdeal/contracts';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { ButtonSize } from '~/components/ui/button';
import type { ProductCardView } from '~/shared/catalog/product-card-view';

/**
 * What a shopper can do with a product, as the catalogue shows it on cards and on the product
 * page: upvote it, save it to the wishlist, add a plan to the cart. Those belong to the upvotes,
 * wishlist and cart features (and what the orders feature knows the shopper owns), which the catalogue may not import (a feature never imports
 * another), so the pages that show products hand them in here (`app/catalogue-actions.tsx`).
 */
export type ProductActions = {
  UpvoteButton: ComponentType<{ product: ProductCardView; size?: 'sm' | 'md'; className?: string }>;
  FavoriteButton: ComponentType<{ product: ProductCardView; variant?: 'icon' | 'labelled'; className?: string }>;
  AddToCartButton: ComponentType<{
    product: { id: number; name: string; logoUrl: string };
    plan: Pick<Plan, 'variantId' | 'name' | 'price' | 'currency' | 'billingInterval'>;
    size?: ButtonSize;
    variant?: 'primary' | 'outline';
    /** The visible text, "Add to cart" by default; the product page names the plan ("Add Tier 2 to cart"). */
    text?: string;
    /** Accessible name when the visible text is not enough (cards name the product). */
    label?: string;
    className?: string;
  }>;
  /**
   * What the signed-in shopper holds of a product (the orders feature's call), for the buy box's
   * "You own this" (requirements §10); nothing for a visitor, on the server, or for `null`.
   */
  useOwnedItems: (productId: number | null) => OwnedItem[];
};

const ProductActionsContext = createContext<ProductActions | null>(null);

export function ProductActionsProvider({ actions, children }: { actions: ProductActions; children: ReactNode }) {
  return <ProductActionsContext value={actions}>{children}</ProductActionsContext>;
}

export function useProductActions(): ProductActions {
  const actions = useContext(ProductActionsContext);
  if (!actions) throw new Error('Catalogue components need a ProductActionsProvider above them (CatalogueActions)');
  return actions;
}
