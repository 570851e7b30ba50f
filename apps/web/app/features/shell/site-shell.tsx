import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/**
 * The storefront frame: skip link, header, `<main id="main">` and footer. Pages render inside
 * main and must not render a `<main>` of their own.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
