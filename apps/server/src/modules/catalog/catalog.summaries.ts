import { DEFAULT_CURRENCY, type DealStatus, type Plan, type ProductSummary } from '@everdeal/contracts';
import { categories, type Db, licenseCodes, plans, products } from '@everdeal/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isPublished, rating } from './catalog.query';
import { effectiveDealStatus } from './deal-status';

// Product summaries (what lists, cards and the wishlist show): the columns read for one, the
// plans of many products in one statement, and the row turned into the API's shape.

export type CatalogDeps = { db: Db; now: () => Date };

/**
 * Plans of many products in one statement, with the codes left in each pool. The codes are
 * counted per plan by an index-only scan of `(plan_id, status)` that reads only available ones;
 * joining every code of the plans and grouping sorted a thousand rows for a product page's
 * related deals (docs/benchmarks.md, "Server rendering without the page cache").
 */
export async function loadPlans(db: Db, productIds: number[]): Promise<Map<number, Plan[]>> {
  const byProduct = new Map<number, Plan[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: plans.productId,
      variantId: plans.id,
      name: plans.name,
      kind: plans.kind,
      billingInterval: plans.billingInterval,
      price: plans.priceCents,
      originalPrice: plans.originalPriceCents,
      currency: plans.currency,
      features: plans.features,
      // Qualified by hand: drizzle writes bare column names in a statement without joins, and a
      // bare "id" inside the subquery would be the code's.
      codesRemaining: sql<number>`(select count(*) from ${licenseCodes} as lc
        where lc.plan_id = ${plans}.id and lc.status = 'available')`.mapWith(Number),
    })
    .from(plans)
    .where(inArray(plans.productId, productIds))
    .orderBy(asc(plans.productId), asc(plans.position), asc(plans.id));
  for (const { productId, ...plan } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push({ ...plan, isSoldOut: plan.codesRemaining === 0 });
    byProduct.set(productId, list);
  }
  return byProduct;
}

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
};

/** The cheapest plan gives the card's price; plans come ordered by position, so ties keep the first. */
function cheapestOf(planList: Plan[]): Plan | undefined {
  return planList.reduce<Plan | undefined>((best, plan) => (best && best.price <= plan.price ? best : plan), undefined);
}

export function toSummary(row: SummaryRow, planList: Plan[], now: Date): ProductSummary {
  const cheapest = cheapestOf(planList);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    logoUrl: row.logoUrl,
    category: { slug: row.categorySlug, name: row.categoryName },
    price: cheapest?.price ?? 0,
    originalPrice: cheapest?.originalPrice ?? 0,
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
  };
}

/** Summaries of the given rows, keyed by product id, with all of their plans in one statement. */
export async function withPlans({ db, now }: CatalogDeps, rows: SummaryRow[]): Promise<Map<number, ProductSummary>> {
  const planMap = await loadPlans(
    db,
    rows.map((row) => row.id),
  );
  const current = now();
  return new Map(rows.map((row) => [row.id, toSummary(row, planMap.get(row.id) ?? [], current)]));
}

/**
 * Summaries of published products by id, in two statements whatever the number of ids (the
 * wishlist and upvote lists use it). Unknown or unpublished ids are simply absent from the map.
 */
export async function getProductSummaries(
  deps: CatalogDeps,
  productIds: readonly number[],
): Promise<Map<number, ProductSummary>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select(summaryColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, ids), isPublished));
  return withPlans(deps, rows);
}
