import { FAVORITES_CACHE_MS } from '@everdeal/contracts/constants';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';
import type { CachedUpvoteList } from '../upvote-list';

// Requirements §9: upvotes are cached 5 minutes, like favorites, under the user's key.
export const UPVOTES_QUERY_KEY = [...USER_QUERY_KEY, 'upvotes'] as const;

/** The signed-in user's upvotes; nothing (and no request) for a visitor. */
export function useUpvotes() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery<CachedUpvoteList>({
    queryKey: UPVOTES_QUERY_KEY,
    queryFn: ({ signal }) =>
      callApi('products/getUserUpvotes', {}, { fallbackMessage: ShoppingErrorMessage.getUpvotes, signal }),
    staleTime: FAVORITES_CACHE_MS,
    gcTime: FAVORITES_CACHE_MS,
    enabled: mayFetch,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** How many upvotes the user has: the other half of the header's wishlist badge (requirements §2). */
export function useUpvoteCount(): number {
  return useUpvotes().data?.totalCount ?? 0;
}
