import { BRAND_TAGLINE } from '@everdeal/contracts/constants';
import { Outlet } from 'react-router';
import { SellingPointsList } from '~/features/auth/components/selling-points';
import { Logo } from '~/features/shell/components/logo';
import { SkipLink } from '~/features/shell/components/skip-link';

/**
 * Requirements §2 "auth layout" (/auth/login, /auth/register, /auth/reset-password): a brand panel with
 * the selling points on desktop, the form column beside it.
 */
export default function AuthLayout() {
  return (
    <div className="grid min-h-dvh grid-cols-1 bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 p-12 text-white lg:flex lg:flex-col">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-20 size-96 rounded-full bg-accent-400/20 blur-3xl"
        />
        <Logo tone="light" className="relative" />
        {/* Anchored under the logo, not centred: the browser may paint before the list below has
            arrived, and a centred block then moves up as it grows (a layout shift, docs/benchmarks.md "Layout shift"). */}
        <div className="relative max-w-md pt-[12vh] pb-12">
          <h2 className="font-bold text-3xl tracking-tight xl:text-4xl">{BRAND_TAGLINE}</h2>
          <p className="mt-3 text-brand-100">Join the shoppers who stopped renting their AI software.</p>
          <SellingPointsList className="mt-10" />
        </div>
        <p className="relative mt-auto text-brand-200 text-xs">© 2026 Everdeal</p>
      </aside>
      <div className="flex flex-col">
        <header className="flex h-16 items-center px-4 sm:px-8 lg:hidden">
          <Logo />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 py-10 focus:outline-none sm:px-8 lg:pt-[calc(12vh+5rem)]"
        >
          {/* Anchored at the top like the brand panel: a centred form moved up while the browser
              parsed its fields (CLS 0.17 on a phone). */}
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
