import type { Order, OrderCode, OrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { formatPlanPrice } from '@everdeal/contracts/plans';

// How the order card and the item page write an order's money after it changed (decision 010,
// "What the buyer reads of an order's money"): only the server's figures, added up by no one here
// but the server, so the rows shown are the rows that moved.

/** One row of an order's money: what it was, and its cents with the written sign it counts with. */
export type MoneyRow = { key: string; label: string; cents: number; sign: '+' | '−' | '' };

const MINUS = '−';

/**
 * The order's money since checkout, row by row, the net last: the checkout total, each upgrade
 * or downgrade, each line's renewals together, each refund, what disputes took. Null while
 * nothing moved after checkout, when the order's total says it all.
 */
export function orderMoneyRows(order: Pick<Order, 'money' | 'items'>): MoneyRow[] | null {
  const { money } = order;
  if (money.adjustments.length === 0 && money.chargedBackCents === 0) return null;
  const named = (itemId: string) => order.items.find((item) => item.id === itemId);
  const rows: MoneyRow[] = [
    { key: 'checkout', label: 'Order total at checkout', cents: money.checkoutCents, sign: '' },
  ];
  const renewals = new Map<string, { count: number; charged: number; refunded: number }>();
  for (const adjustment of money.adjustments) {
    const item = named(adjustment.itemId);
    const product = item?.productName ?? 'An item';
    if (adjustment.kind === 'renewal') {
      const sum = renewals.get(adjustment.itemId) ?? { count: 0, charged: 0, refunded: 0 };
      renewals.set(adjustment.itemId, {
        count: sum.count + (adjustment.chargedCents > 0 ? 1 : 0),
        charged: sum.charged + adjustment.chargedCents,
        refunded: sum.refunded + adjustment.refundedCents,
      });
      continue;
    }
    if (adjustment.kind === 'refund') {
      rows.push({
        key: adjustment.adjustmentId,
        label: `${product}: refund${item ? ` of ${item.planName}` : ''}`,
        cents: adjustment.refundedCents,
        sign: MINUS,
      });
      continue;
    }
    const plans = `from ${adjustment.fromPlanName} to ${adjustment.toPlanName}`;
    if (adjustment.chargedCents > 0) {
      rows.push({
        key: `${adjustment.adjustmentId}:charge`,
        label: `${product}: upgrade ${plans}`,
        cents: adjustment.chargedCents,
        sign: '+',
      });
    }
    if (adjustment.refundedCents > 0) {
      rows.push({
        key: `${adjustment.adjustmentId}:refund`,
        label: `${product}: downgrade ${plans}`,
        cents: adjustment.refundedCents,
        sign: MINUS,
      });
    }
  }
  for (const [itemId, sum] of renewals) {
    const item = named(itemId);
    const what = `${item?.productName ?? 'A subscription'}: ${sum.count} ${sum.count === 1 ? 'renewal' : 'renewals'}`;
    if (sum.charged > 0) rows.push({ key: `${itemId}:renewals`, label: what, cents: sum.charged, sign: '+' });
    if (sum.refunded > 0) {
      rows.push({ key: `${itemId}:renewal-refunds`, label: `${what}, refunded`, cents: sum.refunded, sign: MINUS });
    }
  }
  if (money.chargedBackCents !== 0) {
    rows.push({
      key: 'chargebacks',
      label: 'Taken back by a card dispute',
      cents: Math.abs(money.chargedBackCents),
      sign: money.chargedBackCents > 0 ? MINUS : '+',
    });
  }
  rows.push({ key: 'net', label: 'Net paid', cents: money.netPaidCents, sign: '' });
  return rows;
}

/** A money row's figure with its written sign: "+$70", "−$79", "$148". */
export function moneyRowFigure(row: MoneyRow, currency: string): string {
  return `${row.sign}${formatMoney(row.cents, currency)}`;
}

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
