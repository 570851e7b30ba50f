import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

export interface SiteShellProps {
  /** Favorites plus upvotes (requirements §2); 0 for a visitor. */
  wishlistCount: number;
  /** Total items in the cart (requirements §2); 0 for a visitor. */
  cartCount: number;
  children: ReactNode;
}

/**
 * The storefront frame: skip link, header, `<main id="main">` and footer. Pages render inside
 * main and must not render a `<main>` of their own. The badge counts come from the wishlist,
 * upvotes and cart features, through the layout route that composes them.
 */
export function SiteShell({ wishlistCount, cartCount, children }: SiteShellProps) {
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
