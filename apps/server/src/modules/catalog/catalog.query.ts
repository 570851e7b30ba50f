/**
 * SQL fragments of the product list: search, filters, statuses and sorts (decision 003). Each
 * one is a condition or an ORDER BY term on `products`, so getProducts stays one statement.
 */
import { ENDING_SOON_HOURS, type GetProductsQuery, type ProductStatusFilter } from '@everdeal/contracts';
import { categories, licenseCodes, plans, products } from '@everdeal/db';
import { and, asc, desc, eq, gt, gte, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';

export const rating =
  sql<number>`case when ${products.reviewCount} = 0 then 0 else round(${products.ratingTotal}::numeric / ${products.reviewCount}, 1) end`.mapWith(
    Number,
  );

/**
 * "Published", written as the bare column rather than `= $1`, so the partial indexes of published
 * products (migration 0004) match whatever the plan: a generic plan of a prepared statement
 * cannot know that a parameter will be `true`.
 */
export const isPublished = sql`${products.isPublished}`;

export type ListOrder = GetProductsQuery['sort'] | 'relevance';

/** Words of a query: letters and digits only, so nothing reaches to_tsquery as syntax. */
export function searchWords(q: string | undefined): string[] {
  return (
    (q ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  );
}

export type Search = { condition: SQL; rank: SQL<number>; text: string };

/**
 * Full-text search over the weighted document (all words, the last one as a prefix so results
 * appear while typing). When no published product matches that way, a trigram match on the
 * name takes over for typos: `%` (similarity ≥ 0.3 over the whole name) or `<%` (≥ 0.6 against
 * the best-matching part of it). The fallback keeps multi-word searches precise (trigrams of
 * one matching word would otherwise pull in loose matches). All operators are answered by the
 * GIN indexes of migration 0003; the NOT EXISTS runs once per statement.
 */
export function buildSearch(q: string | undefined): Search | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const text = words.join(' ');
  const tsquery = sql`to_tsquery('english', ${words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ')})`;
  const name = sql`lower(${products.name})`;
  return {
    text,
    // Two index scans joined by UNION ALL: an OR of both tests in one WHERE would make the planner
    // scan every product. The trigram branch has a one-time filter, skipped when FTS found any.
    condition: sql`${products.id} in (
      select m.id from ${products} as m where m.search_vector @@ ${tsquery}
      union all
      select t.id from ${products} as t where (lower(t.name) % ${text} or ${text} <% lower(t.name))
        and not exists (select 1 from ${products} as fts where fts.search_vector @@ ${tsquery} and fts.is_published))`,
    rank: sql<number>`(ts_rank_cd(${products.searchVector}, ${tsquery}) + word_similarity(${text}, ${name}))`,
  };
}

const ended = (now: Date) =>
  or(eq(products.dealStatus, 'ended'), and(eq(products.dealStatus, 'live'), lte(products.endsAt, now)));
// Comparisons through the column, so the driver maps the Date (postgres.js takes no raw Date).
const notEnded = (now: Date) => or(isNull(products.endsAt), gt(products.endsAt, now));
/**
 * Whether a product can still be bought: it has no plans (nothing to sell out) or a code is
 * left in one of them. A correlated probe per candidate row through the (plan_id, status) index;
 * written as `not exists (plans) or exists (codes)`, the planner hashed every available code of
 * the shop on each request instead (35 ms at 10,000 products).
 */
const hasCodeLeft = sql`coalesce((select bool_or(exists (select 1 from ${licenseCodes}
  where ${licenseCodes.planId} = ${plans.id} and ${licenseCodes.status} = 'available'))
  from ${plans} where ${plans.productId} = ${products.id}), true)`;

/** Effective status as `effectiveDealStatus` computes it, in SQL. */
export function statusCondition(status: ProductStatusFilter, now: Date): SQL | undefined {
  const live = and(eq(products.dealStatus, 'live'), notEnded(now));
  switch (status) {
    case 'all':
      return undefined;
    case 'current':
      return or(live, eq(products.dealStatus, 'sold_out'));
    case 'upcoming':
      return eq(products.dealStatus, 'upcoming');
    case 'ended':
      return ended(now);
    case 'sold-out':
      return or(eq(products.dealStatus, 'sold_out'), and(live, not(hasCodeLeft)));
    case 'live':
      return and(live, hasCodeLeft);
    case 'ending-soon':
      // Both bounds on the end time, so the listing index is scanned from now on: with `live`'s
      // "no end time or a later one" it started at the oldest end time and read every live deal
      // whose end had passed (1,600 rows at 10,000 products) before finding the first to show.
      return and(
        eq(products.dealStatus, 'live'),
        gt(products.endsAt, now),
        lte(products.endsAt, new Date(now.getTime() + ENDING_SOON_HOURS * 3_600_000)),
        hasCodeLeft,
      );
  }
}

/** Every filter of the payload but the search, ANDed; trending never ranks ended or upcoming deals. */
export function filterConditions(query: GetProductsQuery, order: ListOrder, now: Date): SQL | undefined {
  const creditsCondition =
    query.hasCredits === undefined
      ? undefined
      : query.hasCredits
        ? sql`${products.aiCreditsPerMonth} > 0`
        : sql`coalesce(${products.aiCreditsPerMonth}, 0) = 0`;
  return and(
    isPublished,
    query.category ? eq(categories.slug, query.category) : undefined,
    query.minPrice !== undefined ? gte(products.minPriceCents, query.minPrice) : undefined,
    query.maxPrice !== undefined ? lte(products.minPriceCents, query.maxPrice) : undefined,
    query.minRating !== undefined && query.minRating > 0 ? sql`${rating} >= ${query.minRating}` : undefined,
    query.planKind
      ? sql`exists (select 1 from ${plans} where ${plans.productId} = ${products.id} and ${plans.kind} = ${query.planKind})`
      : undefined,
    query.byoKey !== undefined ? eq(products.aiBringYourOwnKey, query.byoKey) : undefined,
    creditsCondition,
    statusCondition(query.status, now),
    order === 'trending' && query.status !== 'current' ? statusCondition('current', now) : undefined,
  );
}

export function orderFor(order: ListOrder, search: Search | undefined): SQL[] {
  switch (order) {
    case 'relevance':
      return search
        ? [desc(search.rank), desc(products.trendingScore), desc(products.id)]
        : [desc(products.isFeatured), desc(products.upvoteCount), desc(products.id)];
    case 'trending':
      return [desc(products.trendingScore), desc(products.upvoteCount), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'popular':
      return [desc(products.upvoteCount), desc(products.id)];
    case 'rating':
      return [desc(rating), desc(products.reviewCount), desc(products.id)];
    case 'price-asc':
      return [sql`${products.minPriceCents} asc nulls last`, asc(products.id)];
    case 'price-desc':
      return [sql`${products.minPriceCents} desc nulls last`, desc(products.id)];
    case 'ending-soon':
      return [sql`${products.endsAt} asc nulls last`, asc(products.id)];
    case 'featured':
    case undefined:
      return [desc(products.isFeatured), desc(products.upvoteCount), desc(products.id)];
  }
}
