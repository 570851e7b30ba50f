import {
  type CurrentSale,
  DEFAULT_CURRENCY,
  type DealStatus,
  firstYearCents,
  type Plan,
  type PlanDetail,
  type ProductSummary,
} from '@everdeal/contracts';
import { categories, type Db, licenseCodes, type PlanFeatureCell, plans, products } from '@everdeal/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { priceIn, type RunningSale, type SaleSchedule, saleFor, saleTagOf } from '../sales';
import { isPublished, rating } from './catalog-query.sql';
import { effectiveDealStatus } from './deal-status';

// Product summaries (what lists, cards and the wishlist show): the columns read for one, its
// plans among them, and the row turned into the API's shape.

export type CatalogDeps = {
  db: Db;
  now: () => Date;
  /** The sale schedule, kept in memory until it changes (sales/kept-schedule.ts). */
  saleSchedule: SaleSchedule;
  /**
   * Told the next moment a sale starts or ends whenever a load uses the schedule, so cached
   * answers and pages loaded before it are not served after it (decision 042); absent: no cache.
   */
  pricesChangeAt?: (at: Date) => void;
};

/**
 * The sale running at `at` (decision 042), from the schedule kept in memory (a statement beside
 * the load's own only when it is not kept); the moment the answer changes next goes to the caches.
 */
export async function runningSaleFor(deps: CatalogDeps, at: Date): Promise<RunningSale | null> {
  const { running, nextChangeAt } = await deps.saleSchedule.at(at);
  if (nextChangeAt) deps.pricesChangeAt?.(nextChangeAt);
  return running;
}

/** `sales/getCurrentSale`: the sale running now, for the home page's banner (decision 042). */
export async function getCurrentSale(deps: CatalogDeps): Promise<CurrentSale> {
  return { sale: saleTagOf(await runningSaleFor(deps, deps.now())) };
}

/** A plan as `plansOfProduct` answers it, before `isSoldOut` and the sale are applied. */
type PlanRow = Omit<Plan, 'isSoldOut' | 'regularPrice'>;

/**
 * The plans of the row's product, in display order, with the codes left in each pool, as one
 * JSON column of the product's own statement: a list, a section or a product page costs one
 * round trip instead of two (each round trip to PostgreSQL is a socket write in both processes,
 * the largest single cost of an uncached page: docs/benchmarks.md, "Server rendering without the
 * page cache"). Codes are counted per plan by an index-only scan of `(plan_id, status)` that
 * reads only the available ones. Names are qualified by hand: drizzle writes bare column names
 * in a statement without joins. Only the product page shows the feature matrix (decision 013),
 * so lists do not read it.
 */
function plansJson<T>(withMatrix: boolean) {
  return sql<T>`coalesce((select json_agg(json_build_object(
    'variantId', p.id, 'name', p.name, 'kind', p.kind, 'billingInterval', p.billing_interval,
    'price', p.price_cents, 'originalPrice', p.original_price_cents, 'currency', p.currency,
    'features', p.features,${withMatrix ? sql` 'featureMatrix', p.feature_matrix,` : sql``}
    'codesRemaining', (select count(*) from ${licenseCodes} as lc where lc.plan_id = p.id and lc.status = 'available')
  ) order by p.position, p.id) from ${plans} as p where p.product_id = ${products}.id), '[]'::json)`;
}

const plansOfProduct = plansJson<PlanRow[]>(false);

/** The product page's plans: as `plansOfProduct`, with each plan's cells of the feature matrix. */
export const planDetailsOfProduct = plansJson<(PlanRow & { featureMatrix: PlanFeatureCell[] })[]>(true);

export const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  tagline: products.tagline,
  logoUrl: products.logoUrl,
  categorySlug: categories.slug,
  categoryName: categories.name,
  upvoteCount: products.upvoteCount,
  rating,
  reviewCount: products.reviewCount,
  dealStatus: products.dealStatus,
  endsAt: products.endsAt,
  isFeatured: products.isFeatured,
  dealHealthScore: products.dealHealthScore,
  createdAt: products.createdAt,
  saleOptOut: products.saleOptOut,
  plans: plansOfProduct,
};

export type SummaryRow = {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string;
  categorySlug: string;
  categoryName: string;
  upvoteCount: number;
  rating: number;
  reviewCount: number;
  dealStatus: DealStatus;
  endsAt: Date | null;
  isFeatured: boolean;
  dealHealthScore: number | null;
  createdAt: Date;
  saleOptOut: boolean;
  plans: PlanRow[];
};

/**
 * The card's price is the plan cheapest over its first year (decision 013), the figure the price
 * sorts use; plans come ordered by position, so ties keep the first.
 */
function cheapestOf(planList: Plan[]): Plan | undefined {
  const cost = (plan: Plan) => firstYearCents(plan.price, plan.billingInterval);
  return planList.reduce<Plan | undefined>((best, plan) => (best && cost(best) <= cost(plan) ? best : plan), undefined);
}

/** A plan as the store sells it now: at the sale price while `sale` prices its product. */
function toPlan(plan: PlanRow, sale: RunningSale | null): Plan {
  return {
    variantId: plan.variantId,
    name: plan.name,
    kind: plan.kind,
    billingInterval: plan.billingInterval,
    price: priceIn(sale, plan.price),
    regularPrice: plan.price,
    originalPrice: plan.originalPrice,
    currency: plan.currency,
    features: plan.features,
    codesRemaining: Number(plan.codesRemaining),
    isSoldOut: Number(plan.codesRemaining) === 0,
  };
}

/** A plan of the product page, with its cells of the product's feature matrix. */
export function toPlanDetail(
  plan: PlanRow & { featureMatrix: PlanFeatureCell[] },
  sale: RunningSale | null,
): PlanDetail {
  return { ...toPlan(plan, sale), featureMatrix: plan.featureMatrix ?? [] };
}

/**
 * A row as the API's summary, priced in `running` (the sale at `now`) unless the seller keeps the
 * product out of sales (decision 042).
 */
export function toSummary(row: SummaryRow, now: Date, running: RunningSale | null = null): ProductSummary {
  const sale = saleFor(running, row.saleOptOut);
  const planList = row.plans.map((plan) => toPlan(plan, sale));
  const cheapest = cheapestOf(planList);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    logoUrl: row.logoUrl,
    category: { slug: row.categorySlug, name: row.categoryName },
    price: cheapest?.price ?? 0,
    regularPrice: cheapest?.regularPrice ?? 0,
    originalPrice: cheapest?.originalPrice ?? 0,
    billingInterval: cheapest?.billingInterval ?? null,
    currency: cheapest?.currency ?? DEFAULT_CURRENCY,
    upvoteCount: row.upvoteCount,
    rating: row.rating,
    reviewCount: row.reviewCount,
    dealStatus: effectiveDealStatus(row.dealStatus, row.endsAt, planList, now),
    endsAt: row.endsAt?.toISOString() ?? null,
    isFeatured: row.isFeatured,
    dealHealthScore: row.dealHealthScore,
    createdAt: row.createdAt.toISOString(),
    plans: planList,
    sale: saleTagOf(sale),
  };
}

/**
 * Summaries of published products by id, in one statement whatever the number of ids (the
 * wishlist and upvote lists use it). Unknown or unpublished ids are simply absent from the map.
 */
export async function getProductSummaries(
  { db, now, saleSchedule }: CatalogDeps,
  productIds: readonly number[],
): Promise<Map<number, ProductSummary>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const current = now();
  const [rows, running] = await Promise.all([
    db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(inArray(products.id, ids), isPublished)),
    runningSaleFor({ db, now, saleSchedule }, current),
  ]);
  return new Map(rows.map((row) => [row.id, toSummary(row, current, running)]));
}
