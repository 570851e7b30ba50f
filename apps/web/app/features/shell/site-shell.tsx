import type { ReactNode } from 'react';
import { useCartCount } from '~/lib/cart';
import { useWishlistCount } from '~/lib/wishlist';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/**
 * The storefront frame: skip link, header, `<main id="main">` and footer. Pages render inside
 * main and must not render a `<main>` of their own.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  // Spec §2/§4: the badges; the queries behind them load once signed in and drop on sign-out.
  const wishlistCount = useWishlistCount();
  const cartCount = useCartCount();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader wishlistCount={wishlistCount} cartCount={cartCount} />
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
