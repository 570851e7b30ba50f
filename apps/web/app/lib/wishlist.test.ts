import type { ProductSummary } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CachedFavoriteList,
  type CachedUpvoteList,
  favoritesOf,
  optimisticFavorite,
  optimisticUpvote,
  productUpvote,
  uniqueProducts,
  withFavorite,
  withoutFavoritesOf,
  withoutProductUpvote,
  withUpvote,
} from './wishlist';

const product = (id: number): ProductSummary => ({
  id,
  slug: `product-${id}`,
  name: `Product ${id}`,
  tagline: '',
  logoUrl: '',
  category: { slug: 'video', name: 'Video' },
  price: 4900,
  originalPrice: 9900,
  currency: 'USD',
  upvoteCount: 3,
  rating: 0,
  reviewCount: 0,
  dealStatus: 'live',
  endsAt: null,
  isFeatured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  plans: [],
});

const favorite = (productId: number, variantId: number | null) => ({
  ...optimisticFavorite(product(productId)),
  id: `f-${productId}-${variantId}`,
  variantId,
});

describe('favorite list updates (spec §4 optimistic toggles)', () => {
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

describe('upvote list updates', () => {
  const list: CachedUpvoteList = {
    upvotes: [optimisticUpvote(product(1), 'u1'), { ...optimisticUpvote(product(2), 'u1'), variantId: 20 }],
    totalCount: 2,
  };

  it('finds only the product-level upvote', () => {
    expect(productUpvote(list, 1)).toBeDefined();
    expect(productUpvote(list, 2)).toBeUndefined();
  });

  it('adds and removes the product-level upvote', () => {
    const added = withUpvote(list, optimisticUpvote(product(2), 'u1'));
    expect(added.totalCount).toBe(3);
    expect(withUpvote(added, optimisticUpvote(product(2), 'u1'))).toBe(added);
    const removed = withoutProductUpvote(added, 2);
    expect(removed.totalCount).toBe(2);
    expect(removed.upvotes.some((row) => row.productId === 2 && row.variantId === 20)).toBe(true);
  });
});
