import type { Plan } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { planKindLabel } from './plan-card';

/** Every feature of every plan, in the order they first appear (tiers usually build on each other). */
export function comparisonRows(plans: Pick<Plan, 'features'>[]): string[] {
  const seen = new Set<string>();
  for (const plan of plans) for (const feature of plan.features) seen.add(feature);
  return [...seen];
}

export interface PlanComparisonProps {
  plans: Plan[];
  productName: string;
}

/** Plans side by side: one column per plan, one row per feature, prices on top. */
export function PlanComparison({ plans, productName }: PlanComparisonProps) {
  if (plans.length < 2) return null;
  const features = comparisonRows(plans);
  const cell = 'px-4 py-3 text-center';
  return (
    <section aria-labelledby="compare-plans" className="min-w-0">
      <h3 id="compare-plans" className="text-lg font-semibold text-ink-900">
        Compare plans
      </h3>
      {/* On a phone the table scrolls sideways: the box takes focus so a keyboard can scroll it
          (the section around it is already named by the heading). */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="relative mt-3 overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-ink-900/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
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
                    {formatMoney(plan.price, plan.currency)}
                  </span>
                  <span className="block text-xs text-ink-500">{planKindLabel(plan)}</span>
                  {plan.originalPrice > plan.price ? (
                    <s className="block text-xs text-ink-500 tabular-nums">
                      <span className="sr-only">Original price </span>
                      {formatMoney(plan.originalPrice, plan.currency)}
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
                {plans.map((plan) => (
                  <td key={plan.variantId} className={cell}>
                    {plan.features.includes(feature) ? (
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
                ))}
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
      </div>
    </section>
  );
}
