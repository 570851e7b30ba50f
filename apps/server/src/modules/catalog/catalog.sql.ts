import type { GetProductsQuery } from '@everdeal/contracts';
import { categories, type Db, products, sellers } from '@everdeal/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type SelectedFields, unionAll } from 'drizzle-orm/pg-core';
import { perShape, preparedPerDatabase, rowCount } from '../../lib/prepared';
import {
  buildSearch,
  filterConditions,
  hasSearchWords,
  isPublished,
  type ListOrder,
  listShape,
  orderFor,
  type SearchMatch,
  type Slot,
  slotsWithPrefix,
} from './catalog-query.sql';
import { planDetailsOfProduct, summaryColumns } from './catalog-summaries';
import { rankedPage } from './ranked-page.sql';

// The catalogue's statements, built once and prepared (the house pattern of lib/prepared.ts):
// drizzle renders each SQL text once instead of on every request, and PostgreSQL parses each once
// per connection and may keep its plan. Without it an uncached product page spent more CPU in
// drizzle building SQL than in its loaders' other work, and PostgreSQL parsed and planned ten
// statements per page (docs/benchmarks.md, "Server rendering without the page cache"). Lists are
// prepared per shape (`listShape`: sort, status and which filters are set); their values travel
// as placeholders (`listValues`). Shapes past the first few hundred in an hour, which only an API
// caller varying page sizes and filters makes, run unnamed (`perShape`).

/**
 * One page of a product list as a select, before it is prepared: published products matching
 * the query's filters and search (as `match` finds it), in its order, each with its plans
 * (`summaryColumns`). It walks the index of its sort and stops after `pageSize` matches
 * (migration 0004).
 */
function pageSelect(db: Db, query: GetProductsQuery, slot: Slot, match: SearchMatch = 'words') {
  const search = buildSearch(query.q, slot, match);
  const order: ListOrder = query.sort ?? (search ? 'relevance' : 'featured');
  const where = and(filterConditions(query, order, slot), search?.condition);
  const orderBy = orderFor(order, search);
  return {
    where,
    orderBy,
    select: <Extra extends Record<string, SQL.Aliased>>(extra: Extra) =>
      db
        .select({ ...summaryColumns, ...extra })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where)
        .orderBy(...orderBy)
        .limit(rowCount(query.pageSize))
        // The first page, which is most of the traffic, has its OFFSET in the text like its LIMIT.
        .offset(query.page > 1 ? slot('offset') : rowCount(0)),
  };
}

const noPrefix = slotsWithPrefix('');

/**
 * Whether the page counts its matches itself: a search in order of relevance ranks every match
 * before it keeps a page of them, so counting them there (`count(*) over ()`) costs next to
 * nothing, where the separate count statement found and filtered them all again
 * (docs/benchmarks.md, "Distinct searches"). Other lists walk an index and stop after a page.
 */
const countsInPage = (query: GetProductsQuery) => query.sort === undefined && hasSearchWords(query);

/**
 * A page of the list, for `listValues(query, now)`, its search as `match` finds it; `matched` is
 * the number of matches when `countsInPage(query)` (on every row, as text: a bigint), null otherwise.
 */
export function listPageStatement(db: Db, query: GetProductsQuery, match: SearchMatch) {
  return perShape(db, `page ${match} ${listShape(query)}`, 'catalog_list_page', () =>
    countsInPage(query)
      ? rankedPageSelect(db, query, match)
      : pageSelect(db, query, noPrefix, match).select({ matched: sql<string | null>`null`.as('matched') }),
  );
}

/** A search's page in order of relevance with its number of matches (`rankedPage`). */
function rankedPageSelect(db: Db, query: GetProductsQuery, match: SearchMatch) {
  const search = buildSearch(query.q, noPrefix, match);
  if (!search) throw new Error('a page in order of relevance needs words to search for');
  const { page, orderBy } = rankedPage(
    db,
    search,
    and(filterConditions(query, 'relevance', noPrefix), search.condition),
    {
      joinCategories: query.category !== undefined,
      limit: rowCount(query.pageSize),
      offset: query.page > 1 ? noPrefix('offset') : rowCount(0),
    },
  );
  return db
    .select({ ...summaryColumns, matched: page.matched })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(...orderBy);
}

/** A row of `listPageStatement`'s page. */
export type ListPageRow = Awaited<ReturnType<ReturnType<typeof listPageStatement>['execute']>>[number];

/** The number of products the list matches (its search as `match` finds it); joins categories only for a category filter. */
export function listCountStatement(db: Db, query: GetProductsQuery, match: SearchMatch) {
  return perShape(db, `count ${match} ${listShape(query)}`, 'catalog_list_count', () => {
    const { where } = pageSelect(db, query, noPrefix, match);
    const count = db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(products);
    return (query.category ? count.innerJoin(categories, eq(categories.id, products.categoryId)) : count).where(where);
  });
}

/** The slots of section `index` of `sectionsStatement`. */
export const sectionPrefix = (index: number) => `s${index}_`;

/**
 * Several lists in one statement, each page as `listPageStatement` selects it, joined by UNION
 * ALL and tagged with its section and its place in it (UNION ALL promises no order of its own).
 * Values are `listValues(query, now, sectionPrefix(index))` for each. A section's search matches
 * words only: the names of a typo are `getProducts`' second try, and no page's section searches.
 */
export function sectionsStatement(db: Db, queries: readonly GetProductsQuery[]) {
  return perShape(db, `sections ${queries.map(listShape).join(' ')}`, 'catalog_sections', () => {
    const [first, second, ...rest] = queries.map((query, index) => {
      const page = pageSelect(db, query, slotsWithPrefix(sectionPrefix(index)));
      return page.select({
        section: sql<number>`${sql.raw(String(index))}::int`.as('section'),
        place: sql<number>`row_number() over (order by ${sql.join(page.orderBy, sql`, `)})`.mapWith(Number).as('place'),
      });
    });
    if (!first) throw new Error('sectionsStatement needs at least one query');
    return second ? unionAll(first, second, ...rest) : first;
  });
}

/** The columns of a product page's product: its summary, plans with their cells, seller and details. */
export const productDetailColumns = {
  ...summaryColumns,
  plans: planDetailsOfProduct,
  description: products.description,
  gallery: products.gallery,
  shareImageUrl: products.shareImageUrl,
  tags: products.tags,
  alternativeTo: products.alternativeTo,
  integrations: products.integrations,
  aiModels: products.aiModels,
  aiCreditsPerMonth: products.aiCreditsPerMonth,
  aiBringYourOwnKey: products.aiBringYourOwnKey,
  refundWindowDays: products.refundWindowDays,
  dealHealthParts: products.dealHealthParts,
  promiseStatus: products.lifetimePromise,
  sunsetAt: products.sunsetAt,
  sunsetMessage: products.sunsetMessage,
  sellerId: products.sellerId,
  sellerSlug: sellers.slug,
  sellerName: sellers.name,
  sellerWebsite: sellers.website,
  sellerBio: sellers.bio,
};

/** A product with `productDetailColumns`, its category and its seller, before the WHERE clause. */
export function selectProductDetail<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ ...productDetailColumns, ...extra })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId));
}

/**
 * One published product by slug (`slug`), with its plans (and their cells of the feature matrix,
 * decision 013), seller and detail columns.
 */
export const productBySlug = preparedPerDatabase((db) =>
  selectProductDetail(db, {})
    .where(and(eq(products.slug, sql.placeholder('slug')), isPublished))
    .limit(1)
    .prepare('catalog_product_by_slug'),
);
