import type { ApiPath } from '@everdeal/contracts';
import type { ReactNode } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { useCartCount } from '~/features/cart/api/get-cart-contents';
import { LazyRouteError } from '~/features/shell/components/lazy-route-error';
import { SiteShell } from '~/features/shell/components/site-shell';
import { useUpvoteCount } from '~/features/upvotes/api/get-upvotes';
import { useFavoriteCount } from '~/features/wishlist/api/get-favorites';
import { earlyRequestsScript } from '~/lib/early-requests';
import { useRootData } from '~/lib/root-data';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '~/shared/session/auth-store';
import { SESSION_HINT_COOKIE } from '~/shared/session/session-hint';

/** What every storefront page asks for when signed in (the badges below, the cart page's lines). */
const SIGNED_IN_CALLS = [
  'cart/getCartContents',
  'user_favorites/getUserFavorites',
  'products/getUserUpvotes',
] as const satisfies readonly ApiPath[];
// The server's only: the browser runs the script from the HTML and keeps it as it hydrates (root.tsx).
const EARLY_REQUESTS_SCRIPT = import.meta.env.SSR
  ? earlyRequestsScript({
      paths: SIGNED_IN_CALLS,
      tokenKey: AUTH_TOKEN_KEY,
      userKey: AUTH_USER_KEY,
      hintCookie: SESSION_HINT_COOKIE,
    })
  : '';

/**
 * The header badges (requirements §2: favorites plus upvotes, the cart's items; the queries
 * behind them run once signed in and are dropped on sign-out). The server renders signed out, so
 * its badges are empty, as the browser's first render shows them; it skips the three queries'
 * observers (2% of an uncached page's CPU; docs/benchmarks.md, "Server rendering without the
 * page cache").
 */
const useBadgeCounts = import.meta.env.SSR
  ? () => ({ wishlistCount: 0, cartCount: 0 })
  : () => ({ wishlistCount: useFavoriteCount() + useUpvoteCount(), cartCount: useCartCount() });

/**
 * The storefront's frame, composed from the features that share it: the shell and the header
 * badges. The catalogue's product actions are handed in by the pages that show products
 * (`app/catalogue-actions.tsx`).
 */
function Storefront({ children }: { children: ReactNode }) {
  const { wishlistCount, cartCount } = useBadgeCounts();
  const nonce = useRootData()?.cspNonce;
  return (
    <>
      {/* Before the page's content: a signed-in browser sends these calls while reading the HTML. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, with the page's CSP nonce. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_REQUESTS_SCRIPT }} />
      <SiteShell wishlistCount={wishlistCount} cartCount={cartCount}>
        {children}
      </SiteShell>
    </>
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
