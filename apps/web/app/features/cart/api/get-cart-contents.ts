import { CART_STALE_MS } from '@everdeal/contracts/constants';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

export const CART_QUERY_KEY = [...USER_QUERY_KEY, 'cart'] as const;

/** Requirements §9: the cart is fresh for 30 s; it belongs to the user, so it sits under USER_QUERY_KEY. */
export function cartQueryOptions() {
  return queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) =>
      callApi('cart/getCartContents', {}, { fallbackMessage: ShoppingErrorMessage.cartContents, signal }),
    staleTime: CART_STALE_MS,
  });
}

/** The signed-in user's cart; nothing (and no request) for a visitor. */
export function useCart() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  // Back in this tab, a cart older than 30 s is asked again: an add counts from the cart on
  // screen (change-cart-line.ts), so it must show what another tab added.
  const query = useQuery({ ...cartQueryOptions(), enabled: mayFetch, refetchOnWindowFocus: true });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** Requirements §2: the header's cart badge is the cart's total item count. */
export function useCartCount(): number {
  return useCart().data?.itemCount ?? 0;
}
