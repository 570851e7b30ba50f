/**
 * What a coupon's share of an item becomes when the item moves to another plan (decisions 010,
 * 040). `differenceOf` prices the change with it and `finishPlanChange` writes it, so what the
 * buyer is charged or refunded and what the renewals charge afterwards agree.
 */
import type { OrderItemRow, plans } from '@everdeal/db';

type ItemTerms = Pick<OrderItemRow, 'planKind' | 'billingInterval' | 'discountCents' | 'unitPriceCents' | 'quantity'>;
type TargetTerms = Pick<typeof plans.$inferSelect, 'kind' | 'billingInterval' | 'priceCents'>;

/** A subscription moving to a plan billed monthly instead of yearly or the other way round. */
export const isIntervalSwitch = (item: ItemTerms, target: TargetTerms) =>
  item.planKind === 'subscription' && target.kind === 'subscription' && target.billingInterval !== item.billingInterval;

/**
 * The item's discount on `target`, in cents. A tier change keeps it as it is (it is priced on list
 * prices, so the buyer has then paid the new plan less the same discount). An interval switch pays
 * a new period at the new plan's price, so the discount follows the price: 20% off a $100 yearly
 * plan is $2 off the $10 monthly one, not $20 (which made every monthly renewal free). Never more
 * than the new plan's price for the item's quantity.
 */
export function discountAfterChangeCents(item: ItemTerms, target: TargetTerms): number {
  if (item.discountCents <= 0) return 0;
  const kept = isIntervalSwitch(item, target)
    ? item.unitPriceCents > 0
      ? Math.round((item.discountCents * target.priceCents) / item.unitPriceCents)
      : 0
    : item.discountCents;
  return Math.min(kept, target.priceCents * item.quantity);
}
