import { formatMoney } from './money';

// Plans as a shopper reads them (requirements §10): what a price means (once, or each month or
// year), the figure that makes a lifetime price and a subscription comparable (decision 013),
// and the plan's features as one matrix per product. Zod-free, so the browser may import it.

export type PlanInterval = 'month' | 'year';

/** "/month", "/year", or nothing for a price paid once. */
export function periodSuffix(interval: PlanInterval | null): string {
  return interval ? `/${interval}` : '';
}

/** "$59" for a lifetime plan, "$9/month" or "$79/year" for a subscription. */
export function formatPlanPrice(cents: number, currency: string, interval: PlanInterval | null): string {
  return `${formatMoney(cents, currency)}${periodSuffix(interval)}`;
}

/** Periods a subscription is billed in its first year. */
const PERIODS_PER_YEAR: Record<PlanInterval, number> = { month: 12, year: 1 };

/**
 * What a plan costs over its first year: the price of a lifetime plan, twelve monthly payments,
 * one yearly payment. The price sorts and filters compare products by it (decision 013), so a
 * $9/month plan sits beside $108 deals, not below $39 ones. The same figure is written by the
 * database trigger behind `products.min_price_cents`.
 */
export function firstYearCents(cents: number, interval: PlanInterval | null): number {
  return interval ? cents * PERIODS_PER_YEAR[interval] : cents;
}

/**
 * One cell of a product's feature matrix (requirements §10): the plan includes the feature
 * `name`, with `value` as its amount ("150,000", "Unlimited") or null when it is simply included.
 * A feature a plan lacks has no cell.
 */
export type PlanFeature = { name: string; value: string | null };

/** "Words per month: 150,000", or the name alone for a feature without an amount. */
export function describePlanFeature(feature: PlanFeature): string {
  return feature.value === null ? feature.name : `${feature.name}: ${feature.value}`;
}

/**
 * The matrix's rows: every feature of every plan, in the order of the plan with the most cells
 * (the top tier, which usually has every row), then any others in the order they first appear.
 */
export function featureRows(plans: { featureMatrix: PlanFeature[] }[]): string[] {
  const richest = plans.reduce<{ featureMatrix: PlanFeature[] } | undefined>(
    (best, plan) => (best && best.featureMatrix.length >= plan.featureMatrix.length ? best : plan),
    undefined,
  );
  const seen = new Set(richest?.featureMatrix.map((feature) => feature.name));
  for (const plan of plans) for (const feature of plan.featureMatrix) seen.add(feature.name);
  return [...seen];
}

/**
 * What a plan adds over the tier below it: the features the lower plan lacks or has with another
 * amount. The lowest plan adds everything it has.
 */
export function planAdditions(plan: { featureMatrix: PlanFeature[] }, below?: { featureMatrix: PlanFeature[] }) {
  if (!below) return plan.featureMatrix;
  const lower = new Map(below.featureMatrix.map((feature) => [feature.name, feature.value]));
  return plan.featureMatrix.filter((feature) => !lower.has(feature.name) || lower.get(feature.name) !== feature.value);
}

/**
 * What recurs after today, per period, for lines of a cart or an order: "then $9/month". Lifetime
 * lines recur never and are left out; periods come month first. A line's `discountCents` (a
 * coupon's share, decision 040) comes off every period: a renewal charges the item's amount.
 */
export function recurringTotals(
  lines: { price: number; quantity: number; billingInterval: PlanInterval | null; discountCents?: number }[],
): { interval: PlanInterval; amount: number }[] {
  const totals: { interval: PlanInterval; amount: number }[] = [];
  for (const interval of ['month', 'year'] as const) {
    const amount = lines
      .filter((line) => line.billingInterval === interval)
      .reduce((sum, line) => sum + line.price * line.quantity - (line.discountCents ?? 0), 0);
    if (amount > 0) totals.push({ interval, amount });
  }
  return totals;
}

/**
 * A line's refund terms as checkout shows them and its refusals name them (decision 021):
 * "Refundable for 60 days", "No refunds".
 */
export function refundTerms(days: number): string {
  if (days <= 0) return 'No refunds';
  return `Refundable for ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A plan's kind as checkout names it: "Lifetime", "Monthly" or "Yearly". */
export function planKindLabel(kind: 'lifetime' | 'subscription', interval: PlanInterval | null): string {
  if (kind === 'lifetime' || interval === null) return 'Lifetime';
  return interval === 'month' ? 'Monthly' : 'Yearly';
}
