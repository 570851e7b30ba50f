import type { Order } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';

// An order's money after it changed, row by row (decision 010, "What the buyer reads of an order's
// money"), for the buyer's order card and the admin's: only the server's figures, added up by no
// one here but the server, so the rows shown are the rows that moved.

/** One row of an order's money: what it was, and its cents with the written sign it counts with. */
export type MoneyRow = { key: string; label: string; cents: number; sign: '+' | '−' | '' };

/** The minus sign money rows and plan changes are written with (not a hyphen). */
export const MINUS = '−';

/** Whether money moved after checkout: a plan change, a renewal, a refund or a card dispute. */
export const movedSinceCheckout = ({ money }: Pick<Order, 'money'>) =>
  money.adjustments.length > 0 || money.chargedBackCents !== 0;

/**
 * The one figure a list or a card's header shows for an order: what checkout charged, VAT
 * included, while nothing moved since; then the net paid, which the rows explain.
 */
export function orderHeadline(order: Pick<Order, 'money' | 'totalWithTaxCents'>) {
  return movedSinceCheckout(order)
    ? { label: 'Net paid', cents: order.money.netPaidCents }
    : { label: 'Total', cents: order.totalWithTaxCents };
}

/**
 * The order's money since checkout, row by row, the net last: the checkout total, each upgrade
 * or downgrade, each line's renewals together, each refund, what disputes took. Null while
 * nothing moved after checkout, when the order's total says it all.
 */
export function orderMoneyRows(order: Pick<Order, 'money' | 'items'>): MoneyRow[] | null {
  const { money } = order;
  if (!movedSinceCheckout(order)) return null;
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
