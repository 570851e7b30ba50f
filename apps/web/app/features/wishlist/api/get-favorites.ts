import { FAVORITES_CACHE_MS } from '@everdeal/contracts/constants';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';
import type { CachedFavoriteList } from '../favorite-list';

// Requirements §9: favorites are cached 5 minutes; they belong to the user (USER_QUERY_KEY), so
// signing out or a 401 drops them with the rest of the user's data.
export const FAVORITES_QUERY_KEY = [...USER_QUERY_KEY, 'favorites'] as const;

/** The signed-in user's favorites; nothing (and no request) for a visitor. */
export function useFavorites() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery<CachedFavoriteList>({
    queryKey: FAVORITES_QUERY_KEY,
    queryFn: ({ signal }) =>
      callApi('user_favorites/getUserFavorites', {}, { fallbackMessage: ShoppingErrorMessage.getFavorites, signal }),
    staleTime: FAVORITES_CACHE_MS,
    gcTime: FAVORITES_CACHE_MS,
    enabled: mayFetch,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** How many favorites the user has: half of the header's wishlist badge (requirements §2). */
export function useFavoriteCount(): number {
  return useFavorites().data?.totalCount ?? 0;
}
