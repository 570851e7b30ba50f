import {
  type CategoryList,
  type CurrentSale,
  ENDING_SOON_HOURS,
  type GetProductsQuery,
  type ProductDetail,
  type ProductList,
  type ProductSummary,
} from '@everdeal/contracts';
import { categories, products } from '@everdeal/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AnswerCache } from '../../lib/answer-cache';
import { CacheTag, type ReadFacts, type ReadRecorder } from '../../lib/cache-tags';
import { getCategories, getProductOfSeller, getProductSections, getProducts } from './catalog.service';
import { isPublished } from './catalog-query.sql';
import { type CatalogDeps, getCurrentSale } from './catalog-summaries';

/**
 * The catalogue reads the API and the pages share; answers are the same for every visitor. A
 * page passes `seen` to learn what each answer shows (decision 044).
 */
export type CatalogReads = {
  getProducts(query: GetProductsQuery, seen?: ReadRecorder): Promise<ProductList>;
  /** `getProducts` without the count: the total it answers is only what the page tells. */
  getProductSection(query: GetProductsQuery, seen?: ReadRecorder): Promise<ProductList>;
  /** Several sections in one statement (the home page's lists), in the order asked. */
  getProductSections(queries: readonly GetProductsQuery[], seen?: ReadRecorder): Promise<ProductSummary[][]>;
  getProduct(slug: string, seen?: ReadRecorder): Promise<ProductDetail>;
  getCategories(seen?: ReadRecorder): Promise<CategoryList>;
  /** The sale running now (decision 042). */
  getCurrentSale(seen?: ReadRecorder): Promise<CurrentSale>;
};

const ENDING_SOON_MS = ENDING_SOON_HOURS * 3_600_000;

/**
 * The tags of a list: every list changes when products are listed or unlisted; then what its
 * order and filters read, which the writes that change it name (cache-tags.ts `changedBy`).
 * Each product shown adds its own tag (its card: price, votes, rating, codes left).
 */
export function listTags(query: GetProductsQuery): string[] {
  const tags: string[] = [CacheTag.lists];
  const hasWords = (query.q ?? '').trim() !== '';
  const sort = query.sort ?? (hasWords ? 'relevance' : 'featured');
  // Trending ranks by a score its job refreshes (and clears `list:trending` after): an upvote moves
  // it at the next refresh, not at once, so the product pages' related deals survive every vote.
  if (sort === 'featured' || sort === 'popular' || (sort === 'relevance' && !hasWords)) tags.push(CacheTag.votes);
  if (sort === 'trending' || hasWords) tags.push(CacheTag.trending);
  if (hasWords) tags.push(CacheTag.search);
  if (sort === 'rating' || (query.minRating ?? 0) > 0) tags.push(CacheTag.rating);
  if (
    sort === 'price-asc' ||
    sort === 'price-desc' ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.planKind !== undefined
  ) {
    tags.push(CacheTag.price);
  }
  if (query.status !== 'all' && query.status !== 'upcoming' && query.status !== 'ended') tags.push(CacheTag.stock);
  if (query.category) tags.push(CacheTag.category(query.category));
  return tags;
}

/**
 * The next moments a live deal's wording changes by the clock: it turns "ending soon"
 * (ENDING_SOON_HOURS before its end) or ends. Before the first, no list, count or card changes
 * without a write; from it, a list loaded earlier is stale (the answer cache's `notAfterMs`).
 * Within one category when the list is of one: a catalogue of 10,000 deals has such a moment
 * every few minutes, which made every product page's related deals (and so the page) stale that
 * often (docs/benchmarks.md "Crawl"). Two index probes of the partial listing index.
 */
async function nextDealMoment({ db, now }: CatalogDeps, category: string | undefined): Promise<number | undefined> {
  const current = now();
  const firstEndAfter = (at: Date) =>
    db
      .select({ endsAt: sql<Date | null>`min(${products.endsAt})`.mapWith(products.endsAt) })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(
          isPublished,
          eq(products.dealStatus, 'live'),
          gt(products.endsAt, at),
          category === undefined ? undefined : eq(categories.slug, category),
        ),
      );
  const [[ending], [turningSoon]] = await Promise.all([
    firstEndAfter(current),
    firstEndAfter(new Date(current.getTime() + ENDING_SOON_MS)),
  ]);
  const moments = [ending?.endsAt?.getTime(), (turningSoon?.endsAt?.getTime() ?? Number.NaN) - ENDING_SOON_MS].filter(
    (moment): moment is number => moment !== undefined && Number.isFinite(moment),
  );
  return moments.length > 0 ? Math.min(...moments) : undefined;
}

/** A product page's own moments: it turns "ending soon", then ends. */
function productMoment(product: ProductDetail, nowMs: number): number | undefined {
  if (product.dealStatus !== 'live' || !product.endsAt) return undefined;
  const endsAt = Date.parse(product.endsAt);
  return [endsAt - ENDING_SOON_MS, endsAt].find((moment) => moment > nowMs);
}

/** An answer kept with what it shows. */
type Kept<T> = { answer: T; facts: ReadFacts };

const describe = <T>({ answer, facts }: Kept<T>) => ({
  tags: facts.tags,
  notAfterMs: facts.notAfterMs,
  bytes: JSON.stringify(answer).length,
});

/**
 * The catalogue reads through the answer cache. Keys are built from the parsed query, whose
 * properties zod emits in schema order with unknown fields dropped, so equal requests share a
 * key. Each answer is kept with its tags and the moment it changes by itself (decision 044).
 */
export function cachedCatalogReads(deps: CatalogDeps, cache: AnswerCache): CatalogReads {
  async function read<T>(key: string, load: () => Promise<Kept<T>>, seen: ReadRecorder | undefined): Promise<T> {
    const { answer, facts } = await cache.get(key, load, { describe });
    seen?.(facts);
    return answer;
  }
  /** The catalogue's next deal moment, kept until it comes or a listing changes (which may move it). */
  const moment = async (category?: string): Promise<number | undefined> => {
    // Without the cache nothing keeps an answer: no statement for a moment nobody uses.
    if (!cache.isOn) return undefined;
    const kept = await cache.get(
      `deal-moment:${category ?? '*'}`,
      async () => ({ at: await nextDealMoment(deps, category) }),
      { describe: ({ at }) => ({ tags: [CacheTag.lists], notAfterMs: at, bytes: 16 }) },
    );
    return kept.at;
  };
  /** The first moment any of the lists may change by the clock (each within its category, if it has one). */
  const momentOf = async (queries: readonly GetProductsQuery[]): Promise<number | undefined> => {
    const moments = await Promise.all(
      [...new Set(queries.map((query) => query.category))].map((category) => moment(category)),
    );
    const known = moments.filter((at): at is number => at !== undefined);
    return known.length > 0 ? Math.min(...known) : undefined;
  };
  const listFacts = async (
    queries: readonly GetProductsQuery[],
    items: readonly ProductSummary[],
  ): Promise<ReadFacts> => ({
    tags: [...new Set([...queries.flatMap(listTags), ...items.map((item) => CacheTag.product(item.id))])],
    notAfterMs: await momentOf(queries),
  });

  return {
    getProducts: (query, seen) =>
      read(
        `products:${JSON.stringify(query)}`,
        async () => {
          const answer = await getProducts(deps, query);
          return { answer, facts: await listFacts([query], answer.items) };
        },
        seen,
      ),
    getProductSection: (query, seen) =>
      read(
        `section:${JSON.stringify(query)}`,
        async () => {
          const answer = await getProducts(deps, query, { countTotal: false });
          return { answer, facts: await listFacts([query], answer.items) };
        },
        seen,
      ),
    getProductSections: (queries, seen) =>
      read(
        `sections:${JSON.stringify(queries)}`,
        async () => {
          const answer = await getProductSections(deps, queries);
          return { answer, facts: await listFacts(queries, answer.flat()) };
        },
        seen,
      ),
    getProduct: (slug, seen) =>
      read(
        `product:${slug}`,
        async () => {
          const { product, sellerId } = await getProductOfSeller(deps, slug);
          return {
            answer: product,
            facts: {
              tags: [CacheTag.product(product.id), CacheTag.seller(sellerId), CacheTag.category(product.category.slug)],
              notAfterMs: productMoment(product, deps.now().getTime()),
            },
          };
        },
        seen,
      ),
    getCategories: (seen) =>
      read(
        'categories',
        async () => ({
          answer: await getCategories(deps),
          facts: { tags: [CacheTag.lists], notAfterMs: await moment() },
        }),
        seen,
      ),
    // A sale's writes clear everything and its start and end expire every answer (decision 042):
    // the banner's answer shows the schedule only.
    getCurrentSale: (seen) =>
      read(
        'current-sale',
        async () => ({ answer: await getCurrentSale(deps), facts: { tags: [CacheTag.sales] } }),
        seen,
      ),
  };
}
