import type { ReactNode } from 'react';
import { AddToCartButton, AddToCartButtonAsServed } from '~/features/cart/components/add-to-cart-button';
import { type ProductActions, ProductActionsProvider } from '~/features/catalog/product-actions';
import { useOwnedItems } from '~/features/orders/api/get-owned-items';
import { UpvoteButton, UpvoteButtonAsServed } from '~/features/upvotes/components/upvote-button';
import { FavoriteButton, FavoriteButtonAsServed } from '~/features/wishlist/components/favorite-button';

/**
 * The upvotes, wishlist and cart features' buttons, on every catalogue card and product page, and
 * what the orders feature knows the shopper owns (the product page's buy box).
 * The server renders them as served (signed out, nothing pending: what the browser's first
 * render shows too) without the queries and mutations behind them, which cost a sixth of a
 * catalogue page's render (docs/benchmarks.md, "Server rendering without the page cache"); the
 * client build keeps only the interactive ones (Vite settles `import.meta.env.SSR` at build).
 */
const productActions: ProductActions = import.meta.env.SSR
  ? {
      UpvoteButton: UpvoteButtonAsServed,
      FavoriteButton: FavoriteButtonAsServed,
      AddToCartButton: AddToCartButtonAsServed,
      // The server renders for a visitor (decision 004): nobody owns anything there.
      useOwnedItems: () => [],
    }
  : { UpvoteButton, FavoriteButton, AddToCartButton, useOwnedItems };

/**
 * Hands the catalogue its product actions (a feature never imports another, so the routes compose
 * them). The routes that show product cards or the buy box wrap their page in it: home, product,
 * product preview, trending, search, category and wishlist. The buttons, their mutations and the
 * optimistic list updates load with those pages only, not with every page of the default layout
 * (the account, seller and admin areas, the cart and checkout; docs/benchmarks.md, "First-load
 * JavaScript").
 */
export function CatalogueActions({ children }: { children: ReactNode }) {
  return <ProductActionsProvider actions={productActions}>{children}</ProductActionsProvider>;
}
