import type { PlanDetail } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { Button } from '~/components/ui/button';
import { useProductActions } from '../product-actions';
import { codesLeftText, LOW_STOCK_THRESHOLD } from './buy-box';
import { PlanFeatureList, payNote, planKindLabel } from './plan-features';
import { PriceTag } from './price-tag';

export interface PlanCardProps {
  /** The product the plan belongs to, for the cart popup (requirements §2). */
  product: { id: number; name: string; logoUrl: string };
  plan: PlanDetail;
  /** The tier below, whose features this card does not repeat (decision 013). */
  below?: PlanDetail;
  /** Whether the deal itself can be bought (live); an upcoming or ended deal disables every plan. */
  isPurchasable?: boolean;
  /** Label of the disabled button when the deal cannot be bought. */
  unavailableLabel?: string;
}

export function PlanCard({ product, plan, below, isPurchasable = true, unavailableLabel }: PlanCardProps) {
  const headingId = `plan-${plan.variantId}`;
  const isLowStock = !plan.isSoldOut && plan.codesRemaining <= LOW_STOCK_THRESHOLD;
  const { AddToCartButton } = useProductActions();
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'relative flex h-full flex-col rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5',
        plan.isSoldOut && 'opacity-80',
      )}
    >
      <h3 id={headingId} className="text-lg font-semibold text-ink-900">
        {plan.name}
      </h3>
      <p className="text-sm text-ink-500">{planKindLabel(plan)}</p>
      <PriceTag
        className="mt-4"
        size="md"
        price={plan.price}
        regularPrice={plan.regularPrice}
        originalPrice={plan.originalPrice}
        currency={plan.currency}
        interval={plan.billingInterval}
      />
      <p className="mt-1 text-xs text-ink-500">{payNote(plan)}</p>

      <PlanFeatureList className="mt-5" plan={plan} below={below} />

      <div className="mt-auto pt-6">
        {isLowStock ? (
          <p className="mb-3 text-sm font-semibold text-[#8a4a00]">{codesLeftText(plan.codesRemaining)}</p>
        ) : null}
        {plan.isSoldOut ? (
          <Button disabled variant="outline" className="w-full">
            Sold out
          </Button>
        ) : !isPurchasable ? (
          <Button disabled variant="outline" className="w-full">
            {unavailableLabel ?? 'Not available'}
          </Button>
        ) : (
          <AddToCartButton product={product} plan={plan} text={`Add ${plan.name} to cart`} className="w-full" />
        )}
      </div>
    </article>
  );
}
