import {
  AppError,
  PLANS_PER_PRODUCT_MAX,
  type SavePlanInputSchema,
  SellerMessage,
  type SellerProduct,
} from '@everdeal/contracts';
import { orderItems, plans, products } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { markChanged, requireEditable, requireOwnPlan, requireOwnProduct, type SellerDeps } from './seller-access';
import { toSellerProduct } from './seller-product-view';

// Plans of a seller's product (requirements §10: name, lifetime or subscription monthly or
// yearly, price and original price in cents, features). Prices of a live product change at once
// (decision 014): what a buyer already paid is kept on their order item, checkout reads the
// current price from the database.

/** `seller/savePlan`: adds a plan (at the end) or changes one; answers the product. */
export async function saveSellerPlan(
  deps: SellerDeps,
  userId: string,
  input: z.output<typeof SavePlanInputSchema>,
): Promise<SellerProduct> {
  const at = deps.now();
  const values = {
    name: input.name,
    kind: input.kind,
    billingInterval: input.kind === 'lifetime' ? null : input.billingInterval,
    priceCents: input.priceCents,
    originalPriceCents: input.originalPriceCents,
    features: input.features,
  };
  let isPublished = false;
  const product = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProduct(tx, userId, input.productId, { lock: true });
    requireEditable(current);
    isPublished = current.isPublished;
    if (input.planId === undefined) {
      const [count] = await tx
        .select({
          n: sql<number>`count(*)`.mapWith(Number),
          last: sql<number>`coalesce(max(${plans.position}), -1)`.mapWith(Number),
        })
        .from(plans)
        .where(eq(plans.productId, current.id));
      if ((count?.n ?? 0) >= PLANS_PER_PRODUCT_MAX) throw AppError.conflict(SellerMessage.tooManyPlans);
      await tx
        .insert(plans)
        .values({ ...values, productId: current.id, position: (count?.last ?? -1) + 1, createdAt: at });
    } else {
      const plan = await requireOwnPlan(tx, userId, input.planId);
      // A plan id of another of the caller's products is still not a plan of this one.
      if (plan.productId !== current.id) throw AppError.notFound(SellerMessage.planNotFound);
      await tx.update(plans).set(values).where(eq(plans.id, plan.planId));
    }
    await markChanged(tx, current, at);
    const [updated] = await tx.select().from(products).where(eq(products.id, current.id));
    if (!updated) throw new Error('the product vanished inside its own transaction');
    return updated;
  });
  if (isPublished) deps.catalogChanged();
  return toSellerProduct(deps.db, product, at);
}

/**
 * `seller/deletePlan`: a plan nobody bought, with its codes (cascade). A plan with sales stays:
 * its buyers' items point at it.
 */
export async function deleteSellerPlan(deps: SellerDeps, userId: string, planId: number): Promise<SellerProduct> {
  const at = deps.now();
  let isPublished = false;
  const product = await deps.db.transaction(async (tx) => {
    const plan = await requireOwnPlan(tx, userId, planId);
    const current = await requireOwnProduct(tx, userId, plan.productId, { lock: true });
    requireEditable(current);
    isPublished = current.isPublished;
    const [sold] = await tx
      .select({ one: sql<number>`1` })
      .from(orderItems)
      .where(eq(orderItems.planId, plan.planId))
      .limit(1);
    if (sold) throw AppError.conflict(SellerMessage.planHasSales);
    await tx.delete(plans).where(and(eq(plans.id, plan.planId), eq(plans.productId, current.id)));
    await markChanged(tx, current, at);
    const [updated] = await tx.select().from(products).where(eq(products.id, current.id));
    if (!updated) throw new Error('the product vanished inside its own transaction');
    return updated;
  });
  if (isPublished) deps.catalogChanged();
  return toSellerProduct(deps.db, product, at);
}
