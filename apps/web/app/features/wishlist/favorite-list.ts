import type { Favorite, FavoriteList } from '@everdeal/contracts';
import type { ProductCardView } from '~/shared/catalog/product-card-view';

/**
 * The favorites as cached: the server's rows, and until the refetch an optimistic row made from
 * the card that was pressed, which carries only what a card shows. The server's list fits this type.
 */
export type CachedFavorite = Omit<Favorite, 'product'> & { product: ProductCardView };
export type CachedFavoriteList = Omit<FavoriteList, 'favorites'> & { favorites: CachedFavorite[] };

// Pure list updates, shared by the optimistic toggle and its tests (requirements §4).

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
