import { pageTitle } from '@everdeal/contracts/constants';
import { CartSkeleton } from '~/components/ui/skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useCartChange, useClearCart } from '~/features/cart/api/change-cart-line';
import { useCart } from '~/features/cart/api/get-cart-contents';
import { CartView } from '~/features/cart/components/cart-view';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Cart') }, { name: 'robots', content: 'noindex' }];

/** Requirements §2 "/cart": the signed-in user's cart; a visitor is sent to sign in and comes back. */
export default function CartPage() {
  const user = useRequireLogin();
  const cart = useCart();
  const change = useCartChange();
  const clearCart = useClearCart();

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
      <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-4xl">Your cart</h1>
      <div className="mt-8">
        {user && cart.data ? (
          <CartView
            cart={cart.data}
            onQuantityChange={(item, quantity) =>
              change.mutate({ productId: item.productId, variantId: item.variantId, quantity })
            }
            onClear={clearCart}
          />
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
