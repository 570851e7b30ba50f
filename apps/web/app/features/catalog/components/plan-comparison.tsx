import type { PlanDetail } from '@everdeal/contracts';
import { featureRows, formatPlanPrice } from '@everdeal/contracts/plans';
import { TableScroller } from '~/components/ui/table-scroller';
import { planKindLabel } from './plan-features';

export interface PlanComparisonProps {
  plans: PlanDetail[];
  productName: string;
}

/**
 * Plans side by side: one column per plan, one row per feature of the product's feature matrix
 * (decision 013), prices on top. A cell shows the plan's amount ("150,000"), a check when the plan
 * simply includes the feature, a dash when it lacks it. Without a matrix there is nothing true to
 * compare (a plan's bullets do not say what it lacks), so the plan cards stand alone.
 */
export function PlanComparison({ plans, productName }: PlanComparisonProps) {
  if (plans.length < 2 || plans.every((plan) => plan.featureMatrix.length === 0)) return null;
  const features = featureRows(plans);
  const cells = plans.map((plan) => new Map(plan.featureMatrix.map((feature) => [feature.name, feature.value])));
  const cell = 'px-4 py-3 text-center';
  return (
    <section aria-labelledby="compare-plans" className="min-w-0">
      <h3 id="compare-plans" className="text-lg font-semibold text-ink-900">
        Compare plans
      </h3>
      {/* The table is 32rem wide: below 34rem of screen (the page's padding added) its last plans
          are off to the right, so a phone says so in words and with a fading edge. */}
      <p aria-hidden="true" className="mt-1 text-ink-500 text-xs min-[34rem]:hidden">
        Scroll for more plans →
      </p>
      <div className="relative mt-3">
        <TableScroller
          label={`${productName} plans compared, scrolls sideways`}
          className="relative rounded-card bg-surface shadow-card ring-1 ring-ink-900/5"
        >
          <table className="w-full min-w-[32rem] border-collapse text-sm">
            <caption className="sr-only">{`${productName} plans compared`}</caption>
            <thead>
              <tr className="border-b border-ink-900/10">
                <th scope="col" className="sticky left-0 bg-surface px-4 py-3 text-left font-semibold text-ink-500">
                  Feature
                </th>
                {plans.map((plan) => (
                  <th key={plan.variantId} scope="col" className={`${cell} font-semibold text-ink-900`}>
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-ink-900/5">
                <th scope="row" className="sticky left-0 bg-surface px-4 py-3 text-left font-medium text-ink-700">
                  Price
                </th>
                {plans.map((plan) => (
                  <td key={plan.variantId} className={cell}>
                    <span className="block font-bold text-ink-900 tabular-nums">
                      {formatPlanPrice(plan.price, plan.currency, plan.billingInterval)}
                    </span>
                    <span className="block text-xs text-ink-500">{planKindLabel(plan)}</span>
                    {plan.originalPrice > plan.price ? (
                      <s className="block text-xs text-ink-500 tabular-nums">
                        <span className="sr-only">Original price </span>
                        {formatPlanPrice(plan.originalPrice, plan.currency, plan.billingInterval)}
                      </s>
                    ) : null}
                  </td>
                ))}
              </tr>
              {features.map((feature) => (
                <tr key={feature} className="border-b border-ink-900/5 last:border-0">
                  <th scope="row" className="sticky left-0 bg-surface px-4 py-3 text-left font-normal text-ink-700">
                    {feature}
                  </th>
                  {plans.map((plan, index) => {
                    const value = cells[index]?.get(feature);
                    return (
                      <td key={plan.variantId} className={`${cell} text-ink-900`}>
                        {value ? (
                          value
                        ) : value === null ? (
                          <span
                            role="img"
                            aria-label="Included"
                            className="mark-included mx-auto block size-4.5 text-brand-600"
                          />
                        ) : (
                          <span
                            role="img"
                            aria-label="Not included"
                            className="mark-excluded mx-auto block size-4.5 text-ink-300"
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
              <tr>
                <th scope="row" className="sticky left-0 bg-surface px-4 py-3 text-left font-medium text-ink-700">
                  Availability
                </th>
                {plans.map((plan) => (
                  <td key={plan.variantId} className={`${cell} text-ink-700`}>
                    {plan.isSoldOut ? 'Sold out' : 'Available'}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </TableScroller>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-card bg-gradient-to-l from-surface to-transparent min-[34rem]:hidden"
        />
      </div>
    </section>
  );
}
