import {
  lifetimePromiseOf,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_TAGLINE_MIN,
  productStage,
  type SellerPlan,
  type SellerProduct,
  SubmitProblem,
} from '@everdeal/contracts';
import { categories, type Db, licenseCodes, licenseCodeUploads, orderItems, plans } from '@everdeal/db';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OwnProduct, Tx } from './seller-access';

// How a seller sees one of their products: every field, its plans with their code pools, the
// latest code uploads and what a submission would still refuse (decision 014).

const RECENT_UPLOADS = 10;
// Drizzle leaves columns unqualified when a query reads one table; inside the subqueries below
// `id` would then mean the subquery's own table, so the plan's id is spelled out.
const PLAN_ID = sql.raw('"plans"."id"');

/** The product's plans with their pools: one statement whatever the number of plans. */
export async function loadSellerPlans(db: Db | Tx, productId: number): Promise<SellerPlan[]> {
  const rows = await db
    .select({
      id: plans.id,
      name: plans.name,
      position: plans.position,
      kind: plans.kind,
      billingInterval: plans.billingInterval,
      priceCents: plans.priceCents,
      originalPriceCents: plans.originalPriceCents,
      currency: plans.currency,
      features: plans.features,
      codesAvailable:
        sql<number>`(select count(*) from ${licenseCodes} where ${licenseCodes.planId} = ${PLAN_ID} and ${licenseCodes.status} = 'available')`.mapWith(
          Number,
        ),
      codesTotal: sql<number>`(select count(*) from ${licenseCodes} where ${licenseCodes.planId} = ${PLAN_ID})`.mapWith(
        Number,
      ),
      hasSales: sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.planId} = ${PLAN_ID})`,
    })
    .from(plans)
    .where(eq(plans.productId, productId))
    .orderBy(asc(plans.position), asc(plans.id));
  return rows;
}

/**
 * What `seller/submitProduct` would refuse, in the order the editor shows its sections. Every
 * plan needs codes: a plan without any would be sold out on its first day.
 */
export function submitProblems(product: OwnProduct, sellerPlans: SellerPlan[], now: Date): string[] {
  const problems: string[] = [];
  if (product.tagline.trim().length < PRODUCT_TAGLINE_MIN) problems.push(SubmitProblem.tagline);
  if (product.description.trim().length < PRODUCT_DESCRIPTION_MIN) problems.push(SubmitProblem.description);
  if (!product.logoUrl) problems.push(SubmitProblem.logo);
  if (product.gallery.length === 0) problems.push(SubmitProblem.gallery);
  if (!product.redemptionUrl) problems.push(SubmitProblem.redemptionUrl);
  if (product.endsAt && product.endsAt.getTime() <= now.getTime()) problems.push(SubmitProblem.endsAt);
  if (sellerPlans.length === 0) problems.push(SubmitProblem.plan);
  for (const plan of sellerPlans) {
    if (plan.codesAvailable === 0) problems.push(SubmitProblem.planCodes(plan.name));
  }
  return problems;
}

/** The seller's view of a product row (no other seller ever gets here: seller-access.ts). */
export async function toSellerProduct(db: Db | Tx, product: OwnProduct, now: Date): Promise<SellerProduct> {
  const sellerPlans = await loadSellerPlans(db, product.id);
  const [category] = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.id, product.categoryId));
  const uploads =
    sellerPlans.length === 0
      ? []
      : await db
          .select()
          .from(licenseCodeUploads)
          .where(
            inArray(
              licenseCodeUploads.planId,
              sellerPlans.map((plan) => plan.id),
            ),
          )
          .orderBy(desc(licenseCodeUploads.createdAt))
          .limit(RECENT_UPLOADS);
  return {
    id: product.id,
    sellerId: product.sellerId,
    slug: product.slug,
    name: product.name,
    tagline: product.tagline,
    description: product.description,
    logoUrl: product.logoUrl || null,
    gallery: product.gallery,
    category: category?.slug ?? '',
    tags: product.tags,
    alternativeTo: product.alternativeTo,
    integrations: product.integrations,
    ai: {
      models: product.aiModels,
      creditsPerMonth: product.aiCreditsPerMonth,
      bringYourOwnKey: product.aiBringYourOwnKey,
    },
    redemptionUrl: product.redemptionUrl,
    refundWindowDays: product.refundWindowDays,
    endsAt: product.endsAt?.toISOString() ?? null,
    dealStatus: product.dealStatus,
    lifetimePromise: lifetimePromiseOf(product.lifetimePromise, product.sunsetAt, product.sunsetMessage),
    reviewStatus: product.reviewStatus,
    reviewNote: product.reviewNote,
    submittedAt: product.submittedAt?.toISOString() ?? null,
    isPublished: product.isPublished,
    stage: productStage(product.reviewStatus, product.isPublished),
    canChangeSlug: product.reviewStatus !== 'approved',
    plans: sellerPlans,
    problems: submitProblems(product, sellerPlans, now),
    codeUploads: uploads.map((upload) => ({
      id: upload.id,
      planId: upload.planId,
      fileName: upload.fileName,
      status: upload.status,
      rows: upload.rows,
      added: upload.added,
      duplicates: upload.duplicatesInFile + upload.duplicatesInPool,
      invalid: upload.invalid,
      createdAt: upload.createdAt.toISOString(),
    })),
    updatedAt: product.updatedAt.toISOString(),
  };
}
