import type { OwnedItem } from '@everdeal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// Under the orders' key (USER_QUERY_KEY, 'orders'): dropped on sign-out, fetched again after a
// checkout (`useStoreNewOrder`). Its own small file: the storefront layout hands it to every
// product page, so it must not bring the order pages' code into the first load.
export const ownedItemsKey = (productId: number) => [...USER_QUERY_KEY, 'orders', 'owned', productId] as const;

const NONE: OwnedItem[] = [];

/**
 * The signed-in shopper's active items of a product, newest first (requirements §10 "You own
 * this"). Asked in the browser once the session is known, never by the server: the product page
 * is the same for everyone and stays in the shared page cache (decision 004).
 */
export function useOwnedItems(productId: number | null): OwnedItem[] {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: ownedItemsKey(productId ?? 0),
    queryFn: ({ signal }) => callApi('orders/getOwnedItems', { productId: productId ?? 0 }, { signal, silent: true }),
    enabled: mayFetch && productId !== null,
    select: (result) => result.items,
  });
  return isLoggedIn && productId !== null ? (query.data ?? NONE) : NONE;
}
