import { type ReactNode, Suspense } from 'react';
import { lazyWithPreload } from '~/lib/lazy';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

export interface SiteShellProps {
  /** Favorites plus upvotes (requirements §2); 0 for a visitor. */
  wishlistCount: number;
  /** Total items in the cart (requirements §2); 0 for a visitor. */
  cartCount: number;
  children: ReactNode;
}

// The footer is at the end of every page and holds only links: the server renders it and the
// browser hydrates it when its chunk arrives, off the first load (docs/benchmarks.md,
// "First-load JavaScript"); until then its links work as plain links.
const SiteFooter = lazyWithPreload(() => import('./site-footer').then((module) => module.SiteFooter));
// One element for every render: the shell renders again as soon as a signed-in shopper's badge
// counts arrive, often before the footer's chunk, and React drops the HTML of a boundary still
// waiting for its code when a render reaches it (the footer vanished until the chunk came). The
// same element stops the render here (docs/benchmarks.md, "Layout shift", third cause).
const footer = (
  <Suspense fallback={null}>
    <SiteFooter />
  </Suspense>
);

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
      {footer}
    </div>
  );
}
