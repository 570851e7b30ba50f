import {
  AppError,
  type CategoryList,
  type GetProductsQuery,
  type ProductDetail,
  type ProductList,
  type ProductSummary,
  SEARCH_SUGGESTION_LIMIT,
  type SearchSuggestion,
  ShoppingMessage,
} from '@everdeal/contracts';
import { categories, type Db, plans, products } from '@everdeal/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { renderMarkdown } from '../../lib/markdown';
import { isPublished, listValues, searchWords, slotsWithPrefix, statusCondition } from './catalog.query';
import {
  listCountStatement,
  listPageStatement,
  productBySlug,
  sectionPrefix,
  sectionsStatement,
} from './catalog.statements';
import { type CatalogDeps, toSummary } from './catalog.summaries';

// The catalogue's reads (decision 003): the product list, one product, the categories, and the
// check that a product or plan a shopper points at exists. Summaries are built in
// catalog.summaries.ts, the effective deal status in deal-status.ts.

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
 * `/api/products/getProducts`: a page of published products with their plans, in at most two
 * prepared statements whatever the page size: the page, and the total, counted only when the
 * page does not tell it (a full page, or nothing past the end); for a search that found nothing,
 * the "did you mean" names instead of the count.
 */
export async function getProducts(
  { db, now }: CatalogDeps,
  query: GetProductsQuery,
  { countTotal = true }: { countTotal?: boolean } = {},
): Promise<ProductList> {
  const current = now();
  const values = listValues(query, current);
  const rows = await listPageStatement(db, query).execute(values);

  // A page short of full is the last one, so it tells the total; so does an empty first page.
  // A section of a page (`countTotal: false`) shows no total, so it skips the count.
  const offset = (query.page - 1) * query.pageSize;
  const pageTellsTotal = rows.length > 0 ? rows.length < query.pageSize : query.page === 1;
  const total =
    pageTellsTotal || !countTotal
      ? offset + rows.length
      : ((await listCountStatement(db, query).execute(values))[0]?.count ?? 0);
  const words = searchWords(query.q);
  const suggestions = words.length > 0 && total === 0 ? await getSearchSuggestions(db, words.join(' '), current) : [];
  return {
    items: rows.map((row) => toSummary(row, current)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    suggestions,
  };
}

/**
 * Several sections of a page (the home page's lists) in one statement, each as
 * `getProducts(…, { countTotal: false })` answers its items: one round trip instead of one per
 * list (docs/benchmarks.md, "Server rendering without the page cache").
 */
export async function getProductSections(
  { db, now }: CatalogDeps,
  queries: readonly GetProductsQuery[],
): Promise<ProductSummary[][]> {
  if (queries.length === 0) return [];
  const current = now();
  const values = Object.assign({}, ...queries.map((query, index) => listValues(query, current, sectionPrefix(index))));
  const rows = await sectionsStatement(db, queries).execute(values);
  const sections = queries.map((): { place: number; summary: ProductSummary }[] => []);
  for (const row of rows) sections[row.section]?.push({ place: row.place, summary: toSummary(row, current) });
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
    .where(and(isPublished, statusCondition('current', slotsWithPrefix('')), sql`${closeness} >= 0.2`))
    .orderBy(desc(closeness), desc(products.trendingScore), asc(products.id))
    .limit(SEARCH_SUGGESTION_LIMIT)
    .execute(listValues({ status: 'current', page: 1, pageSize: 1 }, now));
}

/** `/api/products/getProduct`: one published product by slug with its plans, in one statement; 404 otherwise. */
export async function getProduct({ db, now }: CatalogDeps, slug: string): Promise<ProductDetail> {
  const [row] = await productBySlug(db).execute({ slug });
  if (!row) throw AppError.notFound('Product not found');
  return {
    ...toSummary(row, now()),
    description: row.description,
    descriptionHtml: renderMarkdown(row.description),
    gallery: row.gallery,
    tags: row.tags,
    seller: { slug: row.sellerSlug, name: row.sellerName, website: row.sellerWebsite, bio: row.sellerBio },
    alternativeTo: row.alternativeTo,
    integrations: row.integrations,
    ai: { models: row.aiModels, creditsPerMonth: row.aiCreditsPerMonth, bringYourOwnKey: row.aiBringYourOwnKey },
    refundWindowDays: row.refundWindowDays,
    dealHealth:
      row.dealHealthScore === null || row.dealHealthParts === null
        ? null
        : { score: row.dealHealthScore, parts: row.dealHealthParts },
  };
}

/**
 * Categories in their display order, each with its number of published products. The counts are
 * grouped first, from the partial index of published products (`products_listing_status_idx`
 * holds the category of each, so it is an index-only scan of about 2 ms at 10,000 products);
 * joining products to categories first made PostgreSQL read every product row (about 20 ms, on
 * every home page render without the cache: docs/benchmarks.md).
 */
export async function getCategories({ db }: CatalogDeps): Promise<CategoryList> {
  const counts = db
    .select({ categoryId: products.categoryId, productCount: sql<number>`count(*)`.as('product_count') })
    .from(products)
    .where(isPublished)
    .groupBy(products.categoryId)
    .as('counts');
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      productCount: sql<number>`coalesce(${counts.productCount}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(categories.name));
  return { categories: rows };
}
