/**
 * The tags of cached answers and pages (decision 044): each cached catalogue answer and rendered
 * page names what it shows, and each write names what it changed, so a write clears exactly the
 * answers it makes wrong, here, in the other instances (Redis) and at the CDN (purge by tag).
 */
export const CacheTag = {
  /** Anything showing one product: its page, its community, a card of it in a list. */
  product: (id: number) => `product:${id}`,
  /** What shows a seller's profile (the product page's "about the seller"). */
  seller: (id: number) => `seller:${id}`,
  category: (slug: string) => `category:${slug}`,
  /** Every product list and the categories' counts: which products are listed at all. */
  lists: 'list:products',
  /** Lists ordered by upvotes (featured, popular, relevance without words). */
  votes: 'list:votes',
  /** Lists ordered by the trending score (refreshed by its job) or by search rank (its tie-break). */
  trending: 'list:trending',
  /** Lists ordered or filtered by rating. */
  rating: 'list:rating',
  /** Lists ordered or filtered by price or by the kind of plan. */
  price: 'list:price',
  /** Lists filtered by what can still be bought (live, sold out, ending soon, current). */
  stock: 'list:stock',
  /** Search results and their "did you mean". */
  search: 'list:search',
  /** Names and avatars of the people who wrote reviews, questions, answers and threads. */
  authors: 'authors',
  /**
   * The sale schedule (decision 042): which sale runs and when the next starts or ends. The
   * schedule kept in memory (sales/kept-schedule.ts) and the current sale's answer carry it.
   */
  sales: 'sales',
} as const;

/**
 * Announces a write to the caches: with tags, clears the answers and pages that show any of
 * them; without, clears everything (for a write nobody has described yet).
 */
export type CatalogChanged = (tags?: readonly string[]) => void;

/** What a read tells a page about itself; `undefined`: it names nothing, the page lives a moment only. */
export type ReadFacts = { tags: readonly string[]; notAfterMs?: number | undefined };

/** Told the facts of every read a page's loaders make, so the page carries them. */
export type ReadRecorder = (facts: ReadFacts | undefined) => void;

/** What each kind of write changes, in one place, so two writes of a kind clear alike. */
export const changedBy = {
  /** An upvote added or taken back: the count, and the lists ordered by it. */
  upvote: (productId: number) => [CacheTag.product(productId), CacheTag.votes],
  /** A review added, edited, hidden or restored: the rating and count, and lists by rating. */
  review: (productId: number) => [CacheTag.product(productId), CacheTag.rating],
  /** Questions, answers, helpful votes, seller replies, updates, threads: the product's pages only. */
  communityPost: (productId: number) => [CacheTag.product(productId)],
  /**
   * Codes sold, reserved, released or uploaded: the codes left on the product; when its last
   * code went or the first came back, the lists filtered by stock too.
   */
  codes: (productId: number, stockFlipped: boolean) =>
    stockFlipped ? [CacheTag.product(productId), CacheTag.stock] : [CacheTag.product(productId)],
  /** A plan added, edited or removed: prices, kinds of plan, stock. */
  plans: (productId: number) => [CacheTag.product(productId), CacheTag.price, CacheTag.stock],
  /** Published, unpublished, edited (name, category, end time…), sunset: every list may change. */
  listing: (productId: number) => [CacheTag.product(productId), CacheTag.lists],
  /** A person's name or avatar: whatever shows what they wrote. */
  author: () => [CacheTag.authors],
};
