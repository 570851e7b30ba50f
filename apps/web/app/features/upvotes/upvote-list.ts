import type { Upvote, UpvoteList } from '@everdeal/contracts';
import type { ProductCardView } from '~/shared/catalog/product-card-view';

/** The upvotes as cached: the server's rows, and until the refetch an optimistic one (see favorites). */
export type CachedUpvote = Omit<Upvote, 'product'> & { product: ProductCardView };
export type CachedUpvoteList = Omit<UpvoteList, 'upvotes'> & { upvotes: CachedUpvote[] };

// Pure list updates, shared by the optimistic toggle and its tests (requirements §4).

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
