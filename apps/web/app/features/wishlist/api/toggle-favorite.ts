import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { requireLogin } from '~/shared/session/login-prompt';
import {
  type CachedFavorite,
  type CachedFavoriteList,
  favoritesOf,
  optimisticFavorite,
  withFavorite,
  withoutFavoritesOf,
} from '../favorite-list';
import { FAVORITES_QUERY_KEY, useFavorites } from './get-favorites';

type FavoriteToggle = { action: 'add' } | { action: 'remove'; rows: CachedFavorite[] };

/**
 * The heart of a product (requirements §4): optimistic. A removal that fails puts the previous list
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
