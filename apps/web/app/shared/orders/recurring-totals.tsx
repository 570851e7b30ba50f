import type { CartContents } from '@everdeal/contracts';
import { formatPlanPrice, type PlanInterval, recurringTotals } from '@everdeal/contracts/plans';

export interface RecurringTotalsProps {
  lines: { price: number; quantity: number; billingInterval: PlanInterval | null }[];
  /** The server's totals, after a coupon (decision 040); left out, the lines' list prices. */
  totals?: CartContents['recurringTotals'] | undefined;
  /** The applied coupon's code, said beside a renewal it lowers. */
  couponCode?: string | undefined;
  currency: string;
  beforeTax?: boolean;
}

/**
 * Rows of an order summary's `<dl>` after what is due today (requirements §2, cart page): what subscription lines
 * charge again every month or year, until cancelled. A coupon's discount stays on every renewal
 * (decision 040), so a lowered amount says so. Nothing when every line is paid once. The cart
 * and the checkout step both show them.
 */
export function RecurringTotals({ lines, totals, couponCode, currency, beforeTax = false }: RecurringTotalsProps) {
  const atListPrice = recurringTotals(lines);
  const shown = totals ?? atListPrice.map(({ interval, amount }) => ({ interval, amountCents: amount }));
  return shown.map(({ interval, amountCents }) => {
    const listAmount = atListPrice.find((total) => total.interval === interval)?.amount ?? amountCents;
    const isDiscounted = couponCode !== undefined && amountCents < listAmount;
    return (
      <div key={interval} className="flex justify-between gap-4 text-sm">
        <dt className="min-w-0 text-ink-500">
          {`Then every ${interval}${beforeTax ? ' before VAT' : ''}, until you cancel`}
          {isDiscounted ? (
            <span className="block break-all text-emerald-700 text-xs">{`Coupon ${couponCode} applies to every renewal`}</span>
          ) : null}
        </dt>
        <dd className="shrink-0 text-ink-900 tabular-nums">{formatPlanPrice(amountCents, currency, interval)}</dd>
      </div>
    );
  });
}

/** "Total" when everything is paid once; "Due today" when some lines recur after today. */
export function totalLabel(lines: { billingInterval: PlanInterval | null }[]): string {
  return lines.some((line) => line.billingInterval) ? 'Due today' : 'Total';
}
