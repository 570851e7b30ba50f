import type { PlanDetail } from '@everdeal/contracts';
import { DEFAULT_PLAN_LABEL } from '@everdeal/contracts/constants';
import { formatMoney } from '@everdeal/contracts/money';
import { describePlanFeature, planAdditions } from '@everdeal/contracts/plans';
import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';

/** "lifetime plan", "billed monthly" or "billed yearly". */
export function planKindLabel(plan: Pick<PlanDetail, 'billingInterval'>): string {
  if (!plan.billingInterval) return DEFAULT_PLAN_LABEL;
  return plan.billingInterval === 'year' ? 'billed yearly' : 'billed monthly';
}

/**
 * What a plan costs and when (requirements §10, decision 013): once for a lifetime plan; today and then every period
 * for a subscription, until it is cancelled.
 */
export function payNote(plan: Pick<PlanDetail, 'price' | 'currency' | 'billingInterval'>): string {
  if (!plan.billingInterval) return 'Paid once: yours for the life of the product.';
  const price = formatMoney(plan.price, plan.currency);
  return `${price} today, then ${price} every ${plan.billingInterval} until you cancel.`;
}

export interface PlanFeatureListProps {
  plan: Pick<PlanDetail, 'name' | 'features' | 'featureMatrix'>;
  /** The tier below, when there is one: the list then says what this plan adds to it. */
  below?: Pick<PlanDetail, 'name' | 'featureMatrix'>;
  className?: string;
}

/**
 * A plan's features. With the product's feature matrix (decision 013), a higher tier lists what it
 * adds over the tier below, under "Everything in Tier 1, plus"; without one, the seller's bullets.
 */
export function PlanFeatureList({ plan, below, className }: PlanFeatureListProps) {
  const hasMatrix = plan.featureMatrix.length > 0;
  const lines = hasMatrix
    ? planAdditions(plan, below?.featureMatrix.length ? below : undefined).map(describePlanFeature)
    : plan.features;
  const intro =
    hasMatrix && below?.featureMatrix.length
      ? `Everything in ${below.name}${lines.length > 0 ? ', plus:' : '.'}`
      : null;
  return (
    <div className={className}>
      {intro ? <p className="font-medium text-ink-900 text-sm">{intro}</p> : null}
      <ul className={clsx('space-y-2 text-ink-700 text-sm', intro && 'mt-2')}>
        {lines.map((line) => (
          <li key={line} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" strokeWidth={2.5} />
            <span>{line}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
