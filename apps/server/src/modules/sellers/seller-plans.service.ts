import {
  AppError,
  hasLiveTerms,
  PLANS_PER_PRODUCT_MAX,
  type SavePlanInputSchema,
  SellerMessage,
  type SellerProduct,
} from '@everdeal/contracts';
import { orderItems, plans, products } from '@everdeal/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedBy } from '../../lib/cache-tags';
import { recordSellerEdit } from '../audit';
import { recordPriceDrop } from '../favorites';
import { changedFields, planAuditFields, planSubject, requireBuyerFriendlyPlanChange } from './live-terms';
import {
  markChanged,
  requireEditable,
  requireOwnPlan,
  requireOwnProduct,
  type SellerActor,
  type SellerDeps,
  type Tx,
} from './seller-access';
import { toSellerProduct } from './seller-product-view';

// Plans of a seller's product (requirements §10: name, lifetime or subscription monthly or
// yearly, price and original price in cents, features). A draft's plans change freely; an
// approved product's only in the buyer's favour, each change in the audit log (decision 019).
// What a buyer already paid is kept on their order item.

type PlanRow = typeof plans.$inferSelect;

/** The plan of this product, locked for the change; 404 for any other id. */
async function lockPlanOf(tx: Tx, productId: number, planId: number): Promise<PlanRow> {
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.productId, productId)))
    .for('update');
  if (!plan) throw AppError.notFound(SellerMessage.planNotFound);
  return plan;
}

/** `seller/savePlan`: adds a plan (at the end) or changes one; answers the product. */
export async function saveSellerPlan(
  deps: SellerDeps,
  actor: SellerActor,
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
    // The product's row lock orders every edit of its plans, so the check below reads the plan
    // as the update will find it.
    const current = await requireOwnProduct(tx, actor.id, input.productId, { lock: true });
    requireEditable(current);
    isPublished = current.isPublished;
    const isLive = hasLiveTerms(current.reviewStatus);
    if (input.planId === undefined) {
      const [count] = await tx
        .select({
          n: sql<number>`count(*)`.mapWith(Number),
          last: sql<number>`coalesce(max(${plans.position}), -1)`.mapWith(Number),
        })
        .from(plans)
        .where(eq(plans.productId, current.id));
      if ((count?.n ?? 0) >= PLANS_PER_PRODUCT_MAX) throw AppError.conflict(SellerMessage.tooManyPlans);
      const [added] = await tx
        .insert(plans)
        .values({ ...values, productId: current.id, position: (count?.last ?? -1) + 1, createdAt: at })
        .returning();
      if (!added) throw new Error('insert into plans returned no row');
      if (isLive) {
        await recordSellerEdit(
          tx,
          actor,
          {
            action: 'plan.add',
            targetKind: 'product',
            targetId: current.id,
            subject: planSubject(added),
            before: null,
            after: planAuditFields(added),
          },
          at,
        );
      }
    } else {
      // Ownership first, so a stranger's plan id answers 404 as one that does not exist does.
      await requireOwnPlan(tx, actor.id, input.planId);
      const plan = await lockPlanOf(tx, current.id, input.planId);
      if (isLive) requireBuyerFriendlyPlanChange(plan, values);
      // On a live product the update itself also refuses a raise: whatever ran before it, the
      // row is never written above its price or original price as they are now.
      const [saved] = await tx
        .update(plans)
        .set(values)
        .where(
          isLive
            ? and(
                eq(plans.id, plan.id),
                gte(plans.priceCents, values.priceCents),
                gte(plans.originalPriceCents, values.originalPriceCents),
              )
            : eq(plans.id, plan.id),
        )
        .returning();
      if (!saved) throw AppError.conflict(SellerMessage.livePriceRaise);
      // Wishlist alerts (decision 029): everyone who saved the deal hears of a lower price.
      if (saved.priceCents < plan.priceCents) {
        await recordPriceDrop(tx, { planId: saved.id, oldPriceCents: plan.priceCents }, at);
      }
      const changed = isLive ? changedFields(planAuditFields(plan), planAuditFields(saved)) : null;
      if (changed) {
        await recordSellerEdit(
          tx,
          actor,
          {
            action: 'plan.update',
            targetKind: 'product',
            targetId: current.id,
            subject: planSubject(plan),
            ...changed,
          },
          at,
        );
      }
    }
    await markChanged(tx, current, at);
    const [updated] = await tx.select().from(products).where(eq(products.id, current.id));
    if (!updated) throw new Error('the product vanished inside its own transaction');
    return updated;
  });
  if (isPublished) deps.catalogChanged(changedBy.plans(product.id));
  return toSellerProduct(deps.db, product, at);
}

/**
 * `seller/deletePlan`: a plan nobody bought, with its codes (cascade). A plan with sales stays:
 * its buyers' items point at it. Removing an unsold plan of a live product is logged.
 */
export async function deleteSellerPlan(deps: SellerDeps, actor: SellerActor, planId: number): Promise<SellerProduct> {
  const at = deps.now();
  let isPublished = false;
  const product = await deps.db.transaction(async (tx) => {
    const owned = await requireOwnPlan(tx, actor.id, planId);
    const current = await requireOwnProduct(tx, actor.id, owned.productId, { lock: true });
    requireEditable(current);
    isPublished = current.isPublished;
    const plan = await lockPlanOf(tx, current.id, owned.planId);
    const [sold] = await tx
      .select({ one: sql<number>`1` })
      .from(orderItems)
      .where(eq(orderItems.planId, plan.id))
      .limit(1);
    if (sold) throw AppError.conflict(SellerMessage.planHasSales);
    await tx.delete(plans).where(and(eq(plans.id, plan.id), eq(plans.productId, current.id)));
    if (hasLiveTerms(current.reviewStatus)) {
      await recordSellerEdit(
        tx,
        actor,
        {
          action: 'plan.remove',
          targetKind: 'product',
          targetId: current.id,
          subject: planSubject(plan),
          before: planAuditFields(plan),
          after: null,
        },
        at,
      );
    }
    await markChanged(tx, current, at);
    const [updated] = await tx.select().from(products).where(eq(products.id, current.id));
    if (!updated) throw new Error('the product vanished inside its own transaction');
    return updated;
  });
  if (isPublished) deps.catalogChanged(changedBy.plans(product.id));
  return toSellerProduct(deps.db, product, at);
}
