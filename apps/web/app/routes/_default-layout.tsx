import type { ReactNode } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { useCartCount } from '~/features/cart/api/get-cart-contents';
import { AddToCartButton } from '~/features/cart/components/add-to-cart-button';
import { type ProductActions, ProductActionsProvider } from '~/features/catalog/product-actions';
import { LazyRouteError } from '~/features/shell/components/lazy-route-error';
import { SiteShell } from '~/features/shell/components/site-shell';
import { useUpvoteCount } from '~/features/upvotes/api/get-upvotes';
import { UpvoteButton } from '~/features/upvotes/components/upvote-button';
import { useFavoriteCount } from '~/features/wishlist/api/get-favorites';
import { FavoriteButton } from '~/features/wishlist/components/favorite-button';

/** The upvotes, wishlist and cart features' buttons, on every catalogue card and product page. */
const productActions: ProductActions = { UpvoteButton, FavoriteButton, AddToCartButton };

/**
 * The storefront's frame, composed from the features that share it: the shell, the catalogue's
 * product actions, and the header badges (requirements §2: favorites plus upvotes, the cart's
 * items; the queries behind them run once signed in and are dropped on sign-out).
 */
function Storefront({ children }: { children: ReactNode }) {
  const wishlistCount = useFavoriteCount() + useUpvoteCount();
  const cartCount = useCartCount();
  return (
    <ProductActionsProvider actions={productActions}>
      <SiteShell wishlistCount={wishlistCount} cartCount={cartCount}>
        {children}
      </SiteShell>
    </ProductActionsProvider>
  );
}

export default function DefaultLayout() {
  return (
    <Storefront>
      <Outlet />
    </Storefront>
  );
}

/** A page that throws keeps the header and footer: a thrown 404 shows the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Storefront>
      <LazyRouteError error={error} />
    </Storefront>
  );
}
