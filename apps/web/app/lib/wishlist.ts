import type { Favorite, FavoriteList, Upvote, UpvoteList } from '@everdeal/contracts';
import { FAVORITES_CACHE_MS } from '@everdeal/contracts/constants';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';
import { currentUser, useIsLoggedIn } from './auth-store';
import { requireLogin } from './login-prompt';
import type { ProductCardView } from './product-card-view';
import { USER_QUERY_KEY } from './query-client';

// Spec §9: favorites and upvotes are cached 5 minutes; both belong to the user (USER_QUERY_KEY),
// so signing out or a 401 drops them with the rest of the user's data.
export const FAVORITES_QUERY_KEY = [...USER_QUERY_KEY, 'favorites'] as const;
export const UPVOTES_QUERY_KEY = [...USER_QUERY_KEY, 'upvotes'] as const;
/**
 * The lists as cached: the server's rows, and until the refetch an optimistic row made from the
 * card that was pressed, which carries only what a card shows. The server's lists fit this type.
 */
export type CachedFavorite = Omit<Favorite, 'product'> & { product: ProductCardView };
export type CachedFavoriteList = Omit<FavoriteList, 'favorites'> & { favorites: CachedFavorite[] };
export type CachedUpvote = Omit<Upvote, 'product'> & { product: ProductCardView };
export type CachedUpvoteList = Omit<UpvoteList, 'upvotes'> & { upvotes: CachedUpvote[] };

/** A product's upvote total as the server last answered it; public, so not under the user key. */
const upvoteCountKey = (productId: number) => ['upvote-count', productId] as const;

export function useFavorites() {
  const isLoggedIn = useIsLoggedIn();
  const query = useQuery<CachedFavoriteList>({
    queryKey: FAVORITES_QUERY_KEY,
    queryFn: ({ signal }) =>
      callApi('user_favorites/getUserFavorites', {}, { fallbackMessage: ShoppingErrorMessage.getFavorites, signal }),
    staleTime: FAVORITES_CACHE_MS,
    gcTime: FAVORITES_CACHE_MS,
    enabled: isLoggedIn,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

export function useUpvotes() {
  const isLoggedIn = useIsLoggedIn();
  const query = useQuery<CachedUpvoteList>({
    queryKey: UPVOTES_QUERY_KEY,
    queryFn: ({ signal }) =>
      callApi('products/getUserUpvotes', {}, { fallbackMessage: ShoppingErrorMessage.getUpvotes, signal }),
    staleTime: FAVORITES_CACHE_MS,
    gcTime: FAVORITES_CACHE_MS,
    enabled: isLoggedIn,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** Spec §2: the header's wishlist badge counts favorites plus upvotes. */
export function useWishlistCount(): number {
  return (useFavorites().data?.totalCount ?? 0) + (useUpvotes().data?.totalCount ?? 0);
}

// Pure list updates, shared by the optimistic toggles and their tests.

/** Every favorite row of a product: the product itself and any of its plans. */
export function favoritesOf(list: CachedFavoriteList | undefined, productId: number): CachedFavorite[] {
  return list?.favorites.filter((favorite) => favorite.productId === productId) ?? [];
}

export function withoutFavoritesOf(list: CachedFavoriteList, productId: number): CachedFavoriteList {
  const favorites = list.favorites.filter((favorite) => favorite.productId !== productId);
  return { favorites, totalCount: Math.max(0, list.totalCount - (list.favorites.length - favorites.length)) };
}

export function withFavorite(list: CachedFavoriteList, favorite: CachedFavorite): CachedFavoriteList {
  const exists = list.favorites.some(
    (row) => row.productId === favorite.productId && row.variantId === favorite.variantId,
  );
  if (exists) return list;
  return { favorites: [favorite, ...list.favorites], totalCount: list.totalCount + 1 };
}

/** A product-level favorite standing in until the server's row arrives with the refetch. */
export function optimisticFavorite(product: ProductCardView, now = new Date()): CachedFavorite {
  const at = now.toISOString();
  return {
    id: `optimistic-${product.id}`,
    productId: product.id,
    variantId: null,
    createdAt: at,
    updatedAt: at,
    product,
  };
}

/** The product-level upvote of a product (the buttons vote for the product, not a plan). */
export function productUpvote(list: CachedUpvoteList | undefined, productId: number): CachedUpvote | undefined {
  return list?.upvotes.find((upvote) => upvote.productId === productId && upvote.variantId === null);
}

export function withoutProductUpvote(list: CachedUpvoteList, productId: number): CachedUpvoteList {
  const upvotes = list.upvotes.filter((upvote) => !(upvote.productId === productId && upvote.variantId === null));
  return { upvotes, totalCount: Math.max(0, list.totalCount - (list.upvotes.length - upvotes.length)) };
}

export function withUpvote(list: CachedUpvoteList, upvote: CachedUpvote): CachedUpvoteList {
  if (productUpvote(list, upvote.productId) && upvote.variantId === null) return list;
  return { upvotes: [upvote, ...list.upvotes], totalCount: list.totalCount + 1 };
}

export function optimisticUpvote(product: ProductCardView, userId: string, now = new Date()): CachedUpvote {
  return {
    id: `optimistic-${product.id}`,
    productId: product.id,
    variantId: null,
    userId,
    createdAt: now.toISOString(),
    product,
  };
}

/** Products of a list, once each, in list order (a product may have several favorite rows). */
export function uniqueProducts(rows: { product: ProductCardView }[]): ProductCardView[] {
  const seen = new Set<number>();
  const products: ProductCardView[] = [];
  for (const { product } of rows) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    products.push(product);
  }
  return products;
}

type FavoriteToggle = { action: 'add' } | { action: 'remove'; rows: CachedFavorite[] };

/**
 * The heart of a product (spec §4): optimistic. A removal that fails puts the previous list
 * back; an add is followed by a refetch, whether it worked (to get the real row) or not.
 * Removing takes away every favorite row of the product, plan-level ones included.
 */
export function useFavoriteToggle(product: ProductCardView) {
  const queryClient = useQueryClient();
  const { data } = useFavorites();
  const isFavorite = favoritesOf(data, product.id).length > 0;

  const mutation = useMutation({
    mutationKey: ['favorite', product.id],
    mutationFn: async (toggle: FavoriteToggle) => {
      if (toggle.action === 'add') {
        await callApi(
          'user_favorites/addToFavorites',
          { productId: product.id, variantId: null },
          { fallbackMessage: ShoppingErrorMessage.addFavorite },
        );
        return;
      }
      await Promise.all(
        toggle.rows.map((row) =>
          callApi(
            'user_favorites/removeFromFavorites',
            { productId: row.productId, variantId: row.variantId },
            { fallbackMessage: ShoppingErrorMessage.removeFavorite },
          ),
        ),
      );
    },
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: FAVORITES_QUERY_KEY });
      const previous = queryClient.getQueryData<CachedFavoriteList>(FAVORITES_QUERY_KEY);
      const base = previous ?? { favorites: [], totalCount: 0 };
      queryClient.setQueryData<CachedFavoriteList>(
        FAVORITES_QUERY_KEY,
        toggle.action === 'add'
          ? withFavorite(base, optimisticFavorite(product))
          : withoutFavoritesOf(base, product.id),
      );
      return { previous };
    },
    onError: (_error, toggle, context) => {
      if (toggle.action === 'remove') queryClient.setQueryData(FAVORITES_QUERY_KEY, context?.previous);
      else void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
    onSuccess: (_data, toggle) => {
      if (toggle.action === 'add') return queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
  });

  const toggle = () =>
    requireLogin(() => {
      if (mutation.isPending) return;
      // Read the list at run time: after a sign-in the product may already be a favorite.
      const rows = favoritesOf(queryClient.getQueryData(FAVORITES_QUERY_KEY), product.id);
      mutation.mutate(rows.length > 0 ? { action: 'remove', rows } : { action: 'add' });
    });

  return { isFavorite, toggle, isPending: mutation.isPending };
}

/**
 * A product's upvote button (spec §4): optimistic like favorites, and the count shown follows
 * the server's `upvoteCount` answer, for every card of that product on screen.
 */
export function useUpvoteToggle(product: ProductCardView) {
  const queryClient = useQueryClient();
  const { data } = useUpvotes();
  const isUpvoted = productUpvote(data, product.id) !== undefined;
  const { data: answeredCount } = useQuery<number>({ queryKey: upvoteCountKey(product.id), queryFn: skipToken });
  const count = typeof answeredCount === 'number' ? answeredCount : product.upvoteCount;

  const mutation = useMutation({
    mutationKey: ['upvote', product.id],
    mutationFn: (action: 'add' | 'remove') =>
      callApi(
        action === 'add' ? 'products/addUpvote' : 'products/removeUpvote',
        { productId: product.id, variantId: null },
        { fallbackMessage: action === 'add' ? ShoppingErrorMessage.addUpvote : ShoppingErrorMessage.removeUpvote },
      ),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: UPVOTES_QUERY_KEY });
      const previous = queryClient.getQueryData<CachedUpvoteList>(UPVOTES_QUERY_KEY);
      const previousCount = queryClient.getQueryData<number>(upvoteCountKey(product.id));
      const base = previous ?? { upvotes: [], totalCount: 0 };
      queryClient.setQueryData<CachedUpvoteList>(
        UPVOTES_QUERY_KEY,
        action === 'add'
          ? withUpvote(base, optimisticUpvote(product, currentUser()?.id ?? ''))
          : withoutProductUpvote(base, product.id),
      );
      const shown = previousCount ?? product.upvoteCount;
      queryClient.setQueryData(upvoteCountKey(product.id), Math.max(0, shown + (action === 'add' ? 1 : -1)));
      return { previous, previousCount };
    },
    onError: (_error, action, context) => {
      if (context?.previousCount === undefined) queryClient.resetQueries({ queryKey: upvoteCountKey(product.id) });
      else queryClient.setQueryData(upvoteCountKey(product.id), context.previousCount);
      if (action === 'remove') queryClient.setQueryData(UPVOTES_QUERY_KEY, context?.previous);
      else void queryClient.invalidateQueries({ queryKey: UPVOTES_QUERY_KEY });
    },
    onSuccess: (answer, action) => {
      queryClient.setQueryData(upvoteCountKey(product.id), answer.upvoteCount);
      if (action === 'add') return queryClient.invalidateQueries({ queryKey: UPVOTES_QUERY_KEY });
    },
  });

  const toggle = () =>
    requireLogin(() => {
      if (mutation.isPending) return;
      const isOn = productUpvote(queryClient.getQueryData(UPVOTES_QUERY_KEY), product.id) !== undefined;
      mutation.mutate(isOn ? 'remove' : 'add');
    });

  return { isUpvoted, count, toggle, isPending: mutation.isPending };
}
