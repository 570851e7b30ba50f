/**
 * SQL fragments of the product list: search, filters, statuses and sorts (decision 003). Each
 * one is a condition or an ORDER BY term on `products`, so getProducts stays one statement.
 *
 * Values are never written into the fragments: each is a named placeholder (`Slot`), and
 * `listValues` answers the values of a query under the same names. The text of a list statement
 * therefore depends only on the query's shape (`listShape`: which filters, which sort), so it is
 * built and prepared once per shape (catalog.sql.ts).
 */
import { ENDING_SOON_HOURS, type GetProductsQuery, type ProductStatusFilter } from '@everdeal/contracts';
import { categories, licenseCodes, plans, products } from '@everdeal/db';
import { and, asc, desc, eq, gt, gte, isNull, lte, not, or, type Placeholder, type SQL, sql } from 'drizzle-orm';

/** A named value of a statement; a prefix keeps the names of two UNION ALL branches apart. */
export type Slot = (name: ListValueName) => Placeholder;
type ListValueName =
  | 'now'
  | 'soon'
  | 'category'
  | 'minPrice'
  | 'maxPrice'
  | 'minRating'
  | 'planKind'
  | 'byoKey'
  | 'text'
  | 'offset';

export const slotsWithPrefix =
  (prefix: string): Slot =>
  (name) =>
    sql.placeholder(`${prefix}${name}`);

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

export type Search = { condition: SQL; rank: SQL<number> };

/** Whether the query's text has a word to search for (`buildSearch` builds a search). */
export const hasSearchWords = (query: Pick<GetProductsQuery, 'q'>) => searchWords(query.q).length > 0;

/**
 * The values of a search: the words as typed, joined by spaces (the full-text queries are built
 * from them in SQL: `search_typed_tsquery`, migration 0044, and `inNameQuery`).
 */
function searchValues(q: string | undefined): { text: string } | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return { text: words.join(' ') };
}

/**
 * Any of `words` (an SQL `text[]`) in a product's name (weight A), the last one as a prefix: the
 * names whose closeness to the query lifts their rank. One sub-select, run once per statement;
 * the corrected page ranks its corrected words the same way (search-correction.ts).
 */
export function inNameQuery(words: SQL): SQL {
  return sql`(select to_tsquery('english', string_agg(t.word || case when t.i = cardinality(${words}) then ':*A' else ':A' end, ' | '))
    from unnest(${words}) with ordinality as t(word, i))`;
}

/**
 * What a search matches (decision 003): the words of the weighted document, all of them, the
 * last as a prefix so results appear while typing (`words`); or, when no published product has
 * those words (a typo), names by trigrams: `%` (similarity ≥ 0.3 over the whole name) or `<%`
 * (≥ 0.6 against the best-matching part of it), which keeps multi-word searches precise (trigrams
 * of one matching word would otherwise pull in loose matches). A list asks for `names` only when
 * its `words` page came back empty (`getProducts`), so the everyday search scans the products the
 * full-text index finds and nothing else: written as one statement with both branches joined by
 * UNION ALL, every match was looked up again by its id, a third of a broad search's time
 * (docs/benchmarks.md, "Distinct searches").
 */
export type SearchMatch = 'words' | 'names';

/** The search of `q` as `match` finds it, with its rank; both are answered by the GIN indexes of migration 0003. */
export function buildSearch(q: string | undefined, slot: Slot, match: SearchMatch = 'words'): Search | undefined {
  if (!searchValues(q)) return undefined;
  const text = slot('text');
  // A sub-select, so PostgreSQL builds the query once per statement (an InitPlan): in the generic
  // plan of the prepared statement a bare function of `$n` is not folded into a constant, and ran
  // again for every match it ranked and every row the index scan rechecked (docs/benchmarks.md,
  // "Distinct searches"). All words, the last one as a prefix, which also reaches the English
  // stems it would miss ("writin" finds 'write': migration 0044).
  const tsquery = sql`(select search_typed_tsquery(${text}))`;
  const name = sql`lower(${products.name})`;
  const closeness = sql`word_similarity(${text}, ${name})`;
  return {
    condition:
      match === 'words'
        ? sql`${products.searchVector} @@ ${tsquery}`
        : // A one-time filter: the names count only when no published product has the words. Counted
          // rather than NOT EXISTS, which the generic plan ran as a scan of every product's document
          // hoping for an early match, the worst plan for a typo that matches nothing.
          sql`(${name} % ${text} or ${text} <% ${name})
        and (select count(*) from ${products} as fts where fts.search_vector @@ ${tsquery} and fts.is_published) = 0`,
    // By how much of the document the words are (`ts_rank`: the weights, name first), plus how
    // close the name is to what was typed, for the names that have one of the words. Cover density
    // (`ts_rank_cd`) and the closeness of every match cost two thirds of a broad search's time (a
    // prefix such as "prod" matches every product's description; docs/benchmarks.md, "Distinct
    // searches"). Names found by trigrams have none of the words (their statement runs only then):
    // their closeness is their rank.
    rank:
      match === 'words'
        ? sql<number>`(ts_rank(${products.searchVector}, ${tsquery}) + case when ${products.searchVector} @@ ${inNameQuery(sql`string_to_array(${text}, ' ')`)} then ${closeness} else 0 end)`
        : sql<number>`${closeness}`,
  };
}

/**
 * Stored statuses written into the statement's text, not passed as values: a prepared
 * statement's generic plan cannot know that a parameter will be 'live', and planned the
 * category's related deals as a scan of every live product sorted at the end (40 ms instead of
 * 1 ms), like `isPublished` above.
 */
const dealStatusIs = {
  live: sql`${products.dealStatus} = 'live'`,
  ended: sql`${products.dealStatus} = 'ended'`,
  sold_out: sql`${products.dealStatus} = 'sold_out'`,
  upcoming: sql`${products.dealStatus} = 'upcoming'`,
};

const ended = (now: SQL) => or(dealStatusIs.ended, and(dealStatusIs.live, lte(products.endsAt, now)));
const notEnded = (now: SQL) => or(isNull(products.endsAt), gt(products.endsAt, now));

/**
 * A time slot read through a sub-select, so that no plan knows its value. PostgreSQL plans a
 * prepared statement's first five executions with their values, then keeps its generic plan only
 * if that plan's estimate is no worse than theirs; with the value known, "ends after now" matched
 * nearly every deal, with it unknown a third, so the generic plan always looked worse and every
 * list and section was planned again on each execution (0.5 ms of PostgreSQL's CPU for a
 * product page's related deals, more than running it: docs/benchmarks.md, "Product page against
 * its render floor"). Both estimates now agree, the generic plan is kept, and it is the plan the
 * indexes and the statuses written into the text were made for (migration 0004).
 */
const timeOf = (slot: Slot, name: 'now' | 'soon') => sql`(select ${slot(name)}::timestamptz)`;
/**
 * Whether a product can still be bought: it has no plans (nothing to sell out) or a code is
 * left in one of them. A correlated probe per candidate row through the (plan_id, status) index;
 * written as `not exists (plans) or exists (codes)`, the planner hashed every available code of
 * the shop on each request instead (35 ms at 10,000 products).
 */
const hasCodeLeft = sql`coalesce((select bool_or(exists (select 1 from ${licenseCodes}
  where ${licenseCodes.planId} = ${plans.id} and ${licenseCodes.status} = 'available'))
  from ${plans} where ${plans.productId} = ${products.id}), true)`;

/** Effective status as `effectiveDealStatus` computes it, in SQL, at the time in slot `now`. */
export function statusCondition(status: ProductStatusFilter, slot: Slot): SQL | undefined {
  const now = timeOf(slot, 'now');
  const live = and(dealStatusIs.live, notEnded(now));
  switch (status) {
    case 'all':
      return undefined;
    case 'current':
      return or(live, dealStatusIs.sold_out);
    case 'upcoming':
      return dealStatusIs.upcoming;
    case 'ended':
      return ended(now);
    case 'sold-out':
      return or(dealStatusIs.sold_out, and(live, not(hasCodeLeft)));
    case 'live':
      return and(live, hasCodeLeft);
    case 'ending-soon':
      // Both bounds on the end time, so the listing index is scanned from now on: with `live`'s
      // "no end time or a later one" it started at the oldest end time and read every live deal
      // whose end had passed (1,600 rows at 10,000 products) before finding the first to show.
      return and(dealStatusIs.live, gt(products.endsAt, now), lte(products.endsAt, timeOf(slot, 'soon')), hasCodeLeft);
  }
}

/** Every filter of the payload but the search, ANDed; trending never ranks ended or upcoming deals. */
export function filterConditions(query: GetProductsQuery, order: ListOrder, slot: Slot): SQL | undefined {
  const creditsCondition =
    query.hasCredits === undefined
      ? undefined
      : query.hasCredits
        ? sql`${products.aiCreditsPerMonth} > 0`
        : sql`coalesce(${products.aiCreditsPerMonth}, 0) = 0`;
  return and(
    isPublished,
    query.category ? eq(categories.slug, slot('category')) : undefined,
    query.minPrice !== undefined ? gte(products.minPriceCents, slot('minPrice')) : undefined,
    query.maxPrice !== undefined ? lte(products.minPriceCents, slot('maxPrice')) : undefined,
    hasMinRating(query) ? sql`${rating} >= ${slot('minRating')}` : undefined,
    query.planKind
      ? sql`exists (select 1 from ${plans} where ${plans.productId} = ${products.id} and ${plans.kind} = ${slot('planKind')})`
      : undefined,
    query.byoKey !== undefined ? eq(products.aiBringYourOwnKey, slot('byoKey')) : undefined,
    creditsCondition,
    statusCondition(query.status, slot),
    order === 'trending' && query.status !== 'current' ? statusCondition('current', slot) : undefined,
  );
}

const hasMinRating = (query: GetProductsQuery) => query.minRating !== undefined && query.minRating > 0;

/**
 * What the text of a list statement depends on: the sort, the status, which filters are set, the
 * page size (the LIMIT is written into the text, see `rowCount` in lib/prepared.ts) and whether it is the first page,
 * never the filters' values or a later page's offset (those are `listValues`). Requests of one
 * shape share one prepared statement, and PostgreSQL keeps one per shape and connection, so the
 * offset of later pages stays a value: a crawler paging deep must not prepare one per page.
 */
export function listShape(query: GetProductsQuery): string {
  return JSON.stringify([
    query.sort ?? null,
    query.status,
    query.category !== undefined,
    query.minPrice !== undefined,
    query.maxPrice !== undefined,
    hasMinRating(query),
    query.planKind !== undefined,
    query.byoKey !== undefined,
    query.hasCredits ?? null,
    searchValues(query.q) !== undefined,
    query.pageSize,
    query.page > 1,
  ]);
}

/** The values of a list statement's slots for this query at `now`, under the slots' names. */
export function listValues(query: GetProductsQuery, now: Date, prefix = ''): Record<string, unknown> {
  const values: Partial<Record<ListValueName, unknown>> = {
    // As text: drizzle hands timestamps to postgres.js as strings.
    now: now.toISOString(),
    soon: new Date(now.getTime() + ENDING_SOON_HOURS * 3_600_000).toISOString(),
    category: query.category,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    minRating: query.minRating,
    planKind: query.planKind,
    byoKey: query.byoKey,
    ...searchValues(query.q),
    offset: (query.page - 1) * query.pageSize,
  };
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`${prefix}${name}`, value]));
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
