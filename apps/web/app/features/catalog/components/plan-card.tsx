import type { Plan } from '@everdeal/contracts';
import { DEFAULT_PLAN_LABEL } from '@everdeal/contracts/constants';
import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import { Button } from '~/components/ui/button';
import { useProductActions } from '../product-actions';
import { PriceTag } from './price-tag';

/** Plans with this many codes left or fewer show a scarcity note. */
export const LOW_STOCK_THRESHOLD = 10;

/** "lifetime plan", "per month" or "per year". */
export function planKindLabel(plan: Pick<Plan, 'kind' | 'billingInterval'>): string {
  if (plan.kind === 'lifetime') return DEFAULT_PLAN_LABEL;
  return plan.billingInterval === 'year' ? 'per year' : 'per month';
}

export interface PlanCardProps {
  /** The product the plan belongs to, for the cart popup (requirements §2). */
  product: { id: number; name: string; logoUrl: string };
  plan: Plan;
  /** Highlights the plan with this label (e.g. "Most popular"), when the caller has data to back it. */
  highlightLabel?: string;
  /** Whether the deal itself can be bought (live); an upcoming or ended deal disables every plan. */
  isPurchasable?: boolean;
  /** Label of the disabled button when the deal cannot be bought. */
  unavailableLabel?: string;
}

export function PlanCard({ product, plan, highlightLabel, isPurchasable = true, unavailableLabel }: PlanCardProps) {
  const headingId = `plan-${plan.variantId}`;
  const isLowStock = !plan.isSoldOut && plan.codesRemaining > 0 && plan.codesRemaining <= LOW_STOCK_THRESHOLD;
  const { AddToCartButton } = useProductActions();
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'relative flex h-full flex-col rounded-card bg-surface p-6 shadow-card',
        highlightLabel ? 'ring-2 ring-brand-500' : 'ring-1 ring-ink-900/5',
        plan.isSoldOut && 'opacity-80',
      )}
    >
      {highlightLabel ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          {highlightLabel}
        </span>
      ) : null}
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">
        {plan.name}
      </h3>
      <p className="text-sm text-ink-500">{planKindLabel(plan)}</p>
      <PriceTag
        className="mt-4"
        size="md"
        price={plan.price}
        originalPrice={plan.originalPrice}
        currency={plan.currency}
      />
      {plan.kind === 'subscription' ? (
        <p className="mt-1 text-xs text-ink-500">
          Billed {plan.billingInterval === 'year' ? 'yearly' : 'monthly'}, cancel any time.
        </p>
      ) : (
        <p className="mt-1 text-xs text-ink-500">Pay once, use it for the life of the product.</p>
      )}

      <ul className="mt-5 space-y-2.5 text-sm text-ink-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" strokeWidth={2.5} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-6">
        {isLowStock ? (
          <p className="mb-3 text-sm font-semibold text-[#8a4a00]">
            {`Only ${plan.codesRemaining} ${plan.codesRemaining === 1 ? 'code' : 'codes'} left`}
          </p>
        ) : null}
        {plan.isSoldOut ? (
          <Button disabled size="lg" variant="outline" className="w-full">
            Sold out
          </Button>
        ) : !isPurchasable ? (
          <Button disabled size="lg" variant="outline" className="w-full">
            {unavailableLabel ?? 'Not available'}
          </Button>
        ) : (
          <AddToCartButton product={product} plan={plan} size="lg" className="w-full" />
        )}
      </div>
    </article>
  );
}
