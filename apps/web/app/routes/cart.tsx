import { pageTitle } from '@everdeal/contracts/constants';
import { Suspense, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CartSkeleton } from '~/components/ui/cart-skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useCartChange, useClearCart } from '~/features/cart/api/change-cart-line';
import { useCart } from '~/features/cart/api/get-cart-contents';
import { lazyWithPreload } from '~/lib/lazy';
import { useFocusOnArrival } from '~/lib/use-focus-on-arrival';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/cart';

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const headers = signedInPageHeaders;
/** No `noindex`: no crawler reaches the page (the loader above; decision 003, "Sitemap and robots"). */
export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(isCheckoutStep(new URLSearchParams(location.search)) ? 'Checkout' : 'Cart') },
  { name: 'description', content: 'The deals in your Everdeal cart, their plans and the total, ready to check out.' },
];

// Nothing of the cart itself is rendered by the server: the browser fetches the cart and shows a
// skeleton until then. So the cart's view (its lines, the coupon field, the clear-cart dialog,
// the price summary) is not in the page's first load: it is fetched as this module runs, beside
// the cart itself, and the first load fits two rounds of a phone's six connections instead of
// three (docs/benchmarks.md, "Requests per page").
const CartView = lazyWithPreload(() =>
  import('~/features/cart/components/cart-view').then((module) => module.CartView),
);
if (typeof document !== 'undefined') void CartView.preload();

/**
 * A navigation inside the app asks the browser's session, not the server, and waits for the
 * view's chunk (already on its way from the line above): a cart the browser holds shows at once,
 * not after a skeleton. A chunk that fails is left to the view's own loading, which reports it.
 */
export async function clientLoader() {
  await CartView.preload().catch(() => undefined);
  return skipServerOnNavigation();
}

// The checkout step (the Pay button, the card chooser and its forms, Stripe's loader, the store
// credit) loads when the step opens, or on the way to "Check out".
const CartCheckout = lazyWithPreload(() => import('./cart-checkout').then((module) => module.CartCheckout));
const preloadCheckout = () => void CartCheckout.preload();

/** `/cart?step=checkout`: the cart page with the payment step open (Check out, Back to cart). */
function isCheckoutStep(params: URLSearchParams): boolean {
  return params.get('step') === 'checkout';
}

/**
 * Requirements §2 "/cart": the signed-in user's cart and its checkout step; a visitor is sent to
 * sign in and comes back. The route composes the cart, the payments card chooser and the
 * orders checkout, which do not know each other.
 */
export default function CartPage() {
  const user = useRequireLogin();
  const cart = useCart();
  const change = useCartChange();
  const clearCart = useClearCart();
  const [searchParams] = useSearchParams();
  // An empty cart has nothing to pay for: the step shows the cart's empty state instead.
  const isCheckout = isCheckoutStep(searchParams) && (cart.data?.items.length ?? 0) > 0;
  // "Check out" keeps this page mounted: the step's heading takes focus, so Pay is a few Tabs on.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, isCheckout);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-extrabold text-3xl text-ink-900 tracking-tight focus:outline-none sm:text-4xl"
      >
        {isCheckout ? 'Checkout' : 'Your cart'}
      </h1>
      {/* At least a screen tall, so the footer starts below the fold: the skeleton (two lines) and
          the cart that replaces it (any number) differ in height, and a footer moving up or down
          in view is a layout shift (docs/benchmarks.md "Layout shift": CLS at most 0.02). */}
      <div className="mt-8 min-h-[calc(100dvh-10rem)]">
        {user && cart.data && isCheckout ? (
          <Suspense fallback={<CartSkeleton />}>
            <CartCheckout cart={cart.data} onCartChanged={() => void cart.refetch()} />
          </Suspense>
        ) : user && cart.data ? (
          <Suspense fallback={<CartSkeleton />}>
            <CartView
              cart={cart.data}
              onCheckoutIntent={preloadCheckout}
              onQuantityChange={(item, quantity) =>
                change.mutate({ productId: item.productId, variantId: item.variantId, quantity })
              }
              onClear={clearCart}
            />
          </Suspense>
        ) : user && cart.isError ? (
          <p className="rounded-card bg-white p-6 text-ink-700 shadow-card">
            Your cart could not be loaded.{' '}
            <button type="button" onClick={() => cart.refetch()} className="font-semibold text-brand-700 underline">
              Try again
            </button>
          </p>
        ) : (
          <CartSkeleton />
        )}
      </div>
    </div>
  );
}
