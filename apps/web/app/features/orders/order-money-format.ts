import type { OrderCode, OrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import { MINUS } from '~/shared/orders/order-money-rows';

// How the order card and the item page write a line's money after its plan changed, and why a
// code was revoked (decision 010, "What the buyer reads of an order's money"): only the server's
// figures (the order's own rows are shared/orders/order-money-rows.ts).

/**
 * What the line cost, as its row shows it: a lifetime deal's price paid, its plan changes
 * included; a subscription's price per period.
 */
export function lineCost(item: Pick<OrderItem, 'planKind' | 'paidCents' | 'amount' | 'currency' | 'billingInterval'>) {
  return item.planKind === 'subscription'
    ? formatPlanPrice(item.amount, item.currency, item.billingInterval)
    : formatMoney(item.paidCents, item.currency);
}

/**
 * How a line's price came about once its plan changed: "Tier 1 $69 + upgrade to Tier 2 $70",
 * VAT apart as the line's price is; null for a line bought as it is.
 */
export function planChangeWords(item: Pick<OrderItem, 'planChanges' | 'checkoutCents' | 'currency'>): string | null {
  const [first] = item.planChanges;
  if (!first) return null;
  const money = (cents: number) => formatMoney(cents, item.currency);
  const steps = item.planChanges.map((change) =>
    change.priceCents > 0
      ? `+ upgrade to ${change.toPlanName} ${money(change.priceCents)}`
      : change.priceCents < 0
        ? `${MINUS} downgrade to ${change.toPlanName} ${money(-change.priceCents)}`
        : `· changed to ${change.toPlanName}`,
  );
  return `${first.fromPlanName} ${money(item.checkoutCents)} ${steps.join(' ')}`;
}

/**
 * Why a revoked code no longer works, in the buyer's words; `day` writes a date as the page does.
 * A code replaced by a plan change is not a refund: the item is still the buyer's.
 */
export function revokedWords(code: Pick<OrderCode, 'revocation'>, day: (iso: string) => string): string {
  const { revocation } = code;
  const on = revocation?.at ? ` on ${day(revocation.at)}` : '';
  switch (revocation?.reason) {
    case 'plan_change':
      return `Replaced by your plan change to ${revocation.planName ?? 'another plan'}${on}`;
    case 'refund':
      return `Revoked by the refund${on}`;
    case 'chargeback':
      return `Revoked after a card dispute${on}`;
    case 'subscription_ended':
      return `Stopped when the subscription ended${on}`;
    default:
      return 'Revoked';
  }
}
