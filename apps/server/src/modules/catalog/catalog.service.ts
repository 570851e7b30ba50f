import {
  AppError,
  type CategoryList,
  type GetProductsQuery,
  lifetimePromiseOf,
  type ProductDetail,
  type ProductList,
  type ProductSummary,
  SEARCH_FEW_RESULTS,
  SEARCH_SUGGESTION_LIMIT,
  type SearchSuggestion,
  ShoppingMessage,
} from '@everdeal/contracts';
import { categories, type Db, plans, products } from '@everdeal/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { renderMarkdown } from '../../lib/markdown';
import { preparedPerDatabase } from '../../lib/prepared';
import type { RunningSale } from '../sales';
import {
  type ListPageRow,
  listCountStatement,
  listPageStatement,
  productBySlug,
  sectionPrefix,
  sectionsStatement,
} from './catalog.sql';
import {
  filterConditions,
  isPublished,
  type ListOrder,
  listShape,
  listValues,
  type SearchMatch,
  searchWords,
  slotsWithPrefix,
  statusCondition,
} from './catalog-query.sql';
import { type CatalogDeps, runningSaleFor, toPlanDetail, toSummary } from './catalog-summaries';
import { getCorrectedPage, getSearchCorrection, suggestCategories } from './search-correction';

const noPrefix = slotsWithPrefix('');

// The catalogue's reads (decision 003): the product list, one product, the categories, and the
// check that a product or plan a shopper points at exists. Summaries are built in
// catalog-summaries.ts, the effective deal status in deal-status.ts.

/**
 * A published product, and when `variantId` is given one of its plans, that a favorite or an
 * upvote may point at; 404 "Product or plan not found" otherwise. Answers the product's count of
 * upvotes so a caller needs no second read.
 */
export async function requireProductRef(
  db: Db,
  { productId, variantId }: { productId: number; variantId: number | null },
): Promise<{ upvoteCount: number }> {
  const [row] = await db
    .select({ upvoteCount: products.upvoteCount })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        isPublished,
        variantId === null
          ? undefined
          : sql`exists (select 1 from ${plans} where ${plans.id} = ${variantId} and ${plans.productId} = ${products.id})`,
      ),
    )
    .limit(1);
  if (!row) throw AppError.notFound(ShoppingMessage.productOrPlanNotFound);
  return row;
}

/**
 * `/api/products/getProducts`: a page of published products with their plans, in at most three
 * prepared statements whatever the page size (four for a search that finds nothing and for a later
 * page of a typo's names, `pageByNames`): the page, and the total, counted only when the
 * page does not tell it (a full page, or nothing past the end). A search whose words no product
 * on the page has asks once more for names by trigrams (a typo, `buildSearch`); one that found
 * nothing either way on its first page tries the corrected query instead (one statement with its
 * total) and, when that finds nothing either, the "did you mean" names; one that found only a
 * few asks the vocabulary for a correction beside the count (decision 003).
 */
export async function getProducts(
  deps: CatalogDeps,
  query: GetProductsQuery,
  { countTotal = true }: { countTotal?: boolean } = {},
): Promise<ProductList> {
  const { db } = deps;
  const current = deps.now();
  const values = listValues(query, current);
  // Prices are the sale's while one runs (decision 042); sorts and price filters stay on list prices.
  const [wordRows, running] = await Promise.all([
    listPageStatement(db, query, 'words').execute(values),
    runningSaleFor(deps, current),
  ]);
  const words = searchWords(query.q);
  const { rows, match, counted } =
    words.length > 0 && wordRows.length === 0
      ? await pageByNames(db, query, values)
      : { rows: wordRows, match: 'words' as const, counted: undefined };
  const offset = (query.page - 1) * query.pageSize;
  const list = {
    page: query.page,
    pageSize: query.pageSize,
    suggestions: [],
    correction: null,
    categorySuggestions: [],
  };

  if (words.length > 0 && query.page === 1 && rows.length === 0) {
    const order: ListOrder = query.sort ?? 'relevance';
    const corrected = await getCorrectedPage(db, {
      words,
      shape: listShape(query),
      filters: filterConditions(query, order, noPrefix),
      filtersReadCategory: query.category !== undefined,
      values,
      order,
      limit: query.pageSize,
    });
    if (!corrected) {
      return { ...list, items: [], total: 0, suggestions: await getSearchSuggestions(db, words.join(' '), current) };
    }
    return {
      ...list,
      items: corrected.rows.map((row) => toSummary(row, current, running)),
      total: corrected.total,
      correction: { query: corrected.query, applied: true },
      categorySuggestions: suggestCategories(searchWords(corrected.query), corrected.rows),
    };
  }

  // A page short of full is the last one, so it tells the total; so does an empty first page.
  // A section of a page (`countTotal: false`) shows no total, so it skips the count.
  const pageTellsTotal = rows.length > 0 ? rows.length < query.pageSize : query.page === 1;
  const isFewResults = words.length > 0 && query.page === 1 && pageTellsTotal && rows.length < SEARCH_FEW_RESULTS;
  const matched = rows[0]?.matched;
  const [total, correction] = await Promise.all([
    counted !== undefined
      ? counted
      : pageTellsTotal || !countTotal
        ? offset + rows.length
        : matched !== undefined && matched !== null
          ? Number(matched)
          : countOf(db, query, match, values),
    isFewResults ? getSearchCorrection(db, words) : null,
  ]);
  return {
    ...list,
    items: rows.map((row) => toSummary(row, current, running)),
    total,
    correction: correction === null ? null : { query: correction, applied: false },
    categorySuggestions: words.length > 0 ? suggestCategories(words, rows) : [],
  };
}

/** The number of products the list matches, its search as `match` finds it. */
async function countOf(db: Db, query: GetProductsQuery, match: SearchMatch, values: Record<string, unknown>) {
  const [counted] = await listCountStatement(db, query, match).execute(values);
  return counted?.count ?? 0;
}

/**
 * A search page on which no product has the words: the names by trigrams (a typo, `buildSearch`),
 * which count only when no published product has the words at all. A later page counts first, as
 * it needs the total anyway: past the end of the words' pages the words' count is the total; a
 * typo's later page asks for its names only when they reach that far. `counted` is a total already
 * known. A first page that finds nothing either way costs one statement more than one that finds
 * words (then the correction, decision 003).
 */
async function pageByNames(
  db: Db,
  query: GetProductsQuery,
  values: Record<string, unknown>,
): Promise<{ rows: ListPageRow[]; match: SearchMatch; counted: number | undefined }> {
  const byNames = () => listPageStatement(db, query, 'names').execute(values);
  if (query.page === 1) return { rows: await byNames(), match: 'names', counted: undefined };
  const byWords = await countOf(db, query, 'words', values);
  if (byWords > 0) return { rows: [], match: 'words', counted: byWords };
  const names = await countOf(db, query, 'names', values);
  const reaches = names > (query.page - 1) * query.pageSize;
  return { rows: reaches ? await byNames() : [], match: 'names', counted: names };
}

/**
 * Several sections of a page (the home page's lists) in one statement, each as
 * `getProducts(…, { countTotal: false })` answers its items: one round trip instead of one per
 * list (docs/benchmarks.md, "Server rendering without the page cache").
 */
export async function getProductSections(
  deps: CatalogDeps,
  queries: readonly GetProductsQuery[],
): Promise<ProductSummary[][]> {
  if (queries.length === 0) return [];
  const current = deps.now();
  const values = Object.assign({}, ...queries.map((query, index) => listValues(query, current, sectionPrefix(index))));
  const [rows, running] = await Promise.all([
    sectionsStatement(deps.db, queries).execute(values),
    runningSaleFor(deps, current),
  ]);
  const sections = queries.map((): { place: number; summary: ProductSummary }[] => []);
  for (const row of rows) {
    sections[row.section]?.push({ place: row.place, summary: toSummary(row, current, running) });
  }
  return sections.map((list) => list.sort((a, b) => a.place - b.place).map(({ summary }) => summary));
}

/**
 * "Did you mean": the published, current products whose names are closest to the query by
 * trigram word similarity, above a floor so unrelated names are not offered. A sequential scan
 * of names, which only a search that found nothing pays for.
 */
async function getSearchSuggestions(db: Db, text: string, now: Date): Promise<SearchSuggestion[]> {
  const closeness = sql<number>`word_similarity(${text}, lower(${products.name}))`;
  return db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(and(isPublished, statusCondition('current', noPrefix), sql`${closeness} >= 0.2`))
    .orderBy(desc(closeness), desc(products.trendingScore), asc(products.id))
    .limit(SEARCH_SUGGESTION_LIMIT)
    .execute(listValues({ status: 'current', page: 1, pageSize: 1 }, now));
}

type ProductDetailRow = NonNullable<Awaited<ReturnType<ReturnType<typeof productBySlug>['execute']>>[number]>;

/** A row of `productDetailColumns` as the API's product detail. */
export function toProductDetail(row: ProductDetailRow, now: Date, running: RunningSale | null = null): ProductDetail {
  const summary = toSummary(row, now, running);
  const sale = summary.sale ? running : null;
  return {
    ...summary,
    plans: row.plans.map((plan) => toPlanDetail(plan, sale)),
    description: row.description,
    descriptionHtml: renderMarkdown(row.description),
    gallery: row.gallery,
    tags: row.tags,
    seller: { slug: row.sellerSlug, name: row.sellerName, website: row.sellerWebsite, bio: row.sellerBio },
    alternativeTo: row.alternativeTo,
    integrations: row.integrations,
    ai: { models: row.aiModels, creditsPerMonth: row.aiCreditsPerMonth, bringYourOwnKey: row.aiBringYourOwnKey },
    refundWindowDays: row.refundWindowDays,
    shareImage: row.shareImageUrl,
    dealHealth:
      row.dealHealthScore === null || row.dealHealthParts === null
        ? null
        : { score: row.dealHealthScore, parts: row.dealHealthParts },
    lifetimePromise: lifetimePromiseOf(row.promiseStatus, row.sunsetAt, row.sunsetMessage),
  };
}

/**
 * `/api/products/getProduct`: one published product by slug with its plans and their cells of the
 * feature matrix, in one statement; 404 otherwise.
 */
export async function getProduct(deps: CatalogDeps, slug: string): Promise<ProductDetail> {
  return (await getProductOfSeller(deps, slug)).product;
}

/** `getProduct` with the id of the product's seller, which the cache tags it with (decision 044). */
export async function getProductOfSeller(
  deps: CatalogDeps,
  slug: string,
): Promise<{ product: ProductDetail; sellerId: number }> {
  const current = deps.now();
  const [[row], running] = await Promise.all([productBySlug(deps.db).execute({ slug }), runningSaleFor(deps, current)]);
  if (!row) throw AppError.notFound('Product not found');
  return { product: toProductDetail(row, current, running), sellerId: row.sellerId };
}

/**
 * Categories in their display order, each with the number of deals its page lists by default:
 * published and current (live or sold out, not upcoming or ended; decision 003), so a tile's
 * count is the count of the page it opens (requirements §10). The counts are grouped first, from the
 * partial index of published products (`products_listing_status_idx` holds the status, end time
 * and category of each, so it is an index-only scan of about 2 ms at 10,000 products); joining
 * products to categories first made PostgreSQL read every product row (about 20 ms, on every home
 * page render without the cache: docs/benchmarks.md). Prepared once per database: sent unnamed,
 * as drizzle sends a statement it was not asked to prepare, PostgreSQL planned it again on every
 * uncached home, category, trending and search page (docs/benchmarks.md, "Catalogue").
 */
const categoriesStatement = preparedPerDatabase((db) => {
  const counts = db
    .select({ categoryId: products.categoryId, productCount: sql<number>`count(*)`.as('product_count') })
    .from(products)
    .where(and(isPublished, statusCondition('current', noPrefix)))
    .groupBy(products.categoryId)
    .as('counts');
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      productCount: sql<number>`coalesce(${counts.productCount}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(categories.name))
    .prepare('catalog_categories');
});

/** `products/getCategories`: every category with its count of current deals (`categoriesStatement`). */
export async function getCategories({ db, now }: Pick<CatalogDeps, 'db' | 'now'>): Promise<CategoryList> {
  const rows = await categoriesStatement(db).execute(listValues({ status: 'current', page: 1, pageSize: 1 }, now()));
  return { categories: rows };
}
