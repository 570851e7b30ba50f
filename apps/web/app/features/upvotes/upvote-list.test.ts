import { describe, expect, it } from 'vitest';
import { testProductSummary as product } from '~test/test-product';
import {
  type CachedUpvoteList,
  optimisticUpvote,
  productUpvote,
  withoutProductUpvote,
  withUpvote,
} from './upvote-list';

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
