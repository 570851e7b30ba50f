/**
 * `orders/getPlanOptions` (requirements §11, decision 010): the other plans of an item's product
 * and what moving to each would charge or return now, by the same rules `changePlan` applies
 * (plan-change.ts), and what the subscription's next renewal charges if nothing changes.
 */
import { AppError, type NextRenewal, OrderMessage, type PlanOptionsResult, RefundMessage } from '@everdeal/contracts';
import { type OrderItemRow, orderItems, plans } from '@everdeal/db';
import { and, asc, eq } from 'drizzle-orm';
import { decideTax, readBillingSnapshot, taxOn } from '../tax';
import type { CheckoutDeps } from './checkout-deps';
import { requireOwnOrder } from './orders.service';
import { differenceOf, downgradeRefundOf, type PlanRow, refundSourcesOf, refusalOf } from './plan-change';
import { codesLeftByPlan } from './plan-change.sql';
import { discountAfterChangeCents } from './plan-discount';

/**
 * What an active subscription's next renewal charges if nothing changes, as `renewItem` would
 * charge it today: the lesser of its amount and its plan's price for its quantity, and that
 * price's VAT at the buyer's billing details now (decision 037).
 */
function nextRenewalOf(item: OrderItemRow, plan: PlanRow | undefined, rateBasisPoints: number): NextRenewal | null {
  if (item.status !== 'active' || item.planKind !== 'subscription' || item.cancelAtPeriodEnd) return null;
  const planCents = plan ? plan.priceCents * item.quantity : item.amountCents;
  const priceCents = Math.min(item.amountCents, planCents);
  return { priceCents, taxCents: taxOn(priceCents, rateBasisPoints) };
}

/** `orders/getPlanOptions`: the other plans of the item's product and what moving to each does. */
export async function getPlanOptions(
  deps: CheckoutDeps,
  userId: string,
  input: { orderId: string; itemId: string },
): Promise<PlanOptionsResult> {
  await requireOwnOrder(deps.db, userId, input.orderId);
  const [item] = await deps.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, input.itemId), eq(orderItems.orderId, input.orderId)))
    .limit(1);
  if (!item) throw AppError.notFound(OrderMessage.orderItemNotFound);
  const at = deps.now();
  const productPlans = await deps.db
    .select()
    .from(plans)
    .where(eq(plans.productId, item.productId))
    .orderBy(asc(plans.position), asc(plans.id));
  const others = productPlans.filter((plan) => plan.id !== item.planId);
  const current = productPlans.find((plan) => plan.id === item.planId);
  const [left, billing, sources] = await Promise.all([
    codesLeftByPlan(
      deps.db,
      others.map((plan) => plan.id),
    ),
    readBillingSnapshot(deps.db, userId),
    refundSourcesOf(deps.db, item.id),
  ]);
  // The VAT each change would charge or return, as `beginPlanChange` would decide it now (decision 037).
  const rate = decideTax(deps.tax, billing.facts, at).rateBasisPoints;
  // A subscription renews at its plan's price for the item's quantity less the coupon share the
  // change carries over (decision 040), with the VAT of its day (`renewItem`).
  const withTax = (priceCents: number) => priceCents + taxOn(priceCents, rate);
  return {
    nextRenewal: nextRenewalOf(item, current, rate),
    options: others.map((plan) => {
      const codesLeft = left.get(plan.id) ?? 0;
      const difference = differenceOf(item, plan, at);
      const refund = difference < 0 ? downgradeRefundOf(sources, -difference) : null;
      const refusal =
        item.status !== 'active'
          ? RefundMessage.notActive
          : (refusalOf(item, plan, at) ?? (codesLeft < item.quantity ? RefundMessage.planSoldOut(plan.name) : null));
      return {
        variantId: plan.id,
        name: plan.name,
        kind: plan.kind,
        billingInterval: plan.billingInterval,
        price: plan.priceCents,
        currency: plan.currency,
        features: plan.features,
        direction: difference > 0 ? 'upgrade' : difference < 0 ? 'downgrade' : 'same_price',
        chargeCents: Math.max(difference, 0),
        refundCents: Math.max(-difference, 0),
        creditRefundCents: refund?.creditRefundCents ?? 0,
        taxCents: difference > 0 ? taxOn(difference, rate) : (refund?.taxCents ?? 0),
        renewalCents:
          plan.kind === 'subscription'
            ? withTax(plan.priceCents * item.quantity - discountAfterChangeCents(item, plan))
            : null,
        available: refusal === null,
        unavailableReason: refusal,
      };
    }),
  };
}
