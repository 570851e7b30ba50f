import { formatPlanPrice, type PlanInterval, recurringTotals } from '@everdeal/contracts/plans';

export interface RecurringTotalsProps {
  lines: { price: number; quantity: number; billingInterval: PlanInterval | null }[];
  currency: string;
}

/**
 * Rows of an order summary's `<dl>` after what is due today (requirements §2, cart page): what subscription lines
 * charge again every month or year, until cancelled. Nothing when every line is paid once. The
 * cart and the checkout step both show them.
 */
export function RecurringTotals({ lines, currency }: RecurringTotalsProps) {
  return recurringTotals(lines).map(({ interval, amount }) => (
    <div key={interval} className="flex justify-between gap-4 text-sm">
      <dt className="text-ink-500">{`Then every ${interval}, until you cancel`}</dt>
      <dd className="text-ink-900 tabular-nums">{formatPlanPrice(amount, currency, interval)}</dd>
    </div>
  ));
}

/** "Total" when everything is paid once; "Due today" when some lines recur after today. */
export function totalLabel(lines: { billingInterval: PlanInterval | null }[]): string {
  return lines.some((line) => line.billingInterval) ? 'Due today' : 'Total';
}
