import { describe, expect, it } from 'vitest';
import { uniqueProducts } from '~/shared/catalog/product-card-view';
import { testProductSummary as product } from '~test/test-product';
import {
  type CachedFavoriteList,
  favoritesOf,
  optimisticFavorite,
  withFavorite,
  withoutFavoritesOf,
} from './favorite-list';

const favorite = (productId: number, variantId: number | null) => ({
  ...optimisticFavorite(product(productId)),
  id: `f-${productId}-${variantId}`,
  variantId,
});

describe('favorite list updates (requirements §4 optimistic toggles)', () => {
  const list: CachedFavoriteList = {
    favorites: [favorite(1, null), favorite(1, 10), favorite(2, null)],
    totalCount: 3,
  };

  it('adds a product-level favorite in front, once', () => {
    const next = withFavorite(list, optimisticFavorite(product(3)));
    expect(next.favorites.map((row) => row.productId)).toEqual([3, 1, 1, 2]);
    expect(next.totalCount).toBe(4);
    expect(withFavorite(next, optimisticFavorite(product(3)))).toBe(next);
  });

  it('removes every row of a product, plan-level ones included', () => {
    const next = withoutFavoritesOf(list, 1);
    expect(next.favorites.map((row) => row.productId)).toEqual([2]);
    expect(next.totalCount).toBe(1);
    expect(favoritesOf(list, 1)).toHaveLength(2);
    expect(favoritesOf(undefined, 1)).toEqual([]);
  });

  it('lists each product once for the wishlist page', () => {
    expect(uniqueProducts(list.favorites).map((p) => p.id)).toEqual([1, 2]);
  });
});
