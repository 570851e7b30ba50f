import type { CartContents } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { RecurringTotals, totalLabel } from './recurring-totals';
import { savingText } from './saving';

export interface PriceSummaryProps {
  cart: Pick<CartContents, 'items' | 'totalPrice' | 'totalDiscount' | 'currency'> &
    Partial<Pick<CartContents, 'discounts' | 'recurringTotals'>>;
  /** The checkout adds VAT below (decision 037): the total here is then said to be before it. */
  beforeTax?: boolean;
}

/**
 * The money rows of the cart's and the checkout's order summary: the subtotal is what the lines
 * cost at their deal prices, the saving against the regular price is said as a saving below it
 * (decision 021), then the total and what recurs. A `<dl>` and, when something is saved, a note.
 */
export function PriceSummary({ cart, beforeTax = false }: PriceSummaryProps) {
  const total = formatMoney(cart.totalPrice, cart.currency);
  const discounts = cart.discounts ?? [];
  // The lines at their deal prices; a coupon's discount (decision 040) is its own row below.
  const subtotal = cart.totalPrice + discounts.reduce((sum, line) => sum + line.amountCents, 0);
  const saving = savingText(cart);
  return (
    <>
      <dl className="mt-4 space-y-2.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-500">Subtotal</dt>
          <dd className="text-ink-900 tabular-nums">{formatMoney(subtotal, cart.currency)}</dd>
        </div>
        {discounts.map((discount) => (
          <div key={discount.code} className="flex justify-between gap-4">
            <dt className="min-w-0 break-all text-ink-500">Coupon {discount.code}</dt>
            <dd className="text-emerald-700 tabular-nums">−{formatMoney(discount.amountCents, cart.currency)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-ink-900/[0.07] border-t pt-3 font-semibold text-base">
          <dt className="text-ink-900">
            {totalLabel(cart.items)}
            {beforeTax ? ' before VAT' : ''}
          </dt>
          <dd className="text-ink-900 tabular-nums">{total}</dd>
        </div>
        <RecurringTotals
          lines={cart.items}
          totals={cart.recurringTotals}
          couponCode={discounts[0]?.code}
          currency={cart.currency}
          beforeTax={beforeTax}
        />
      </dl>
      {saving ? <p className="mt-3 font-medium text-emerald-700 text-sm">{saving}</p> : null}
    </>
  );
}
