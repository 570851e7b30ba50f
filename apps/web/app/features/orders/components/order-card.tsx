import type { Order, OrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { orderItemPath } from '@everdeal/contracts/order-paths';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '~/lib/format-date';
import { cancelsOn, orderStanding } from '~/shared/orders/item-status';
import { MoneyRows } from '~/shared/orders/money-rows';
import { orderMoneyRows } from '~/shared/orders/order-money-rows';
import { orderNumber } from '~/shared/orders/order-number';
import { orderPaymentWords, orderTaxWords, planLabel } from '../order-format';
import { lineCost, planChangeWords } from '../order-money-format';
import { InvoiceLinks } from './invoice-links';
import { OrderStatusBadge } from './order-status-badge';
import { ProductLogo } from './product-logo';

/**
 * One order: its number, date, status and total, then each item with a link to its page (the
 * codes, redemption, refund deadline). Once money moved after checkout (an upgrade, a renewal, a
 * refund), the total is the net paid and the rows below say how (decision 010, "What the buyer
 * reads of an order's money"). `headingLevel` lets the success page nest it under its h1.
 */
export function OrderCard({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Rendered in the browser only (the orders are the signed-in user's): the browser's own zone.
  const date = formatDate(order.paidAt ?? order.createdAt, undefined);
  const moneyRows = orderMoneyRows(order);
  const taxWords = orderTaxWords(order, { atCheckout: moneyRows !== null });
  return (
    <article aria-labelledby={titleId} className="rounded-card bg-white shadow-card ring-1 ring-ink-900/5">
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 border-ink-900/[0.07] border-b px-5 py-4 sm:px-6">
        <div>
          <Heading id={titleId} className="font-semibold text-base text-ink-900">
            Order {orderNumber(order.id)}
          </Heading>
          <p className="text-ink-500 text-sm">
            {date}
            {order.payment || order.paidWithCreditCents > 0
              ? ` · ${orderPaymentWords(order, { atCheckout: moneyRows !== null })}`
              : ''}
          </p>
          {taxWords ? <p className="text-ink-500 text-sm">{taxWords}</p> : null}
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={orderStanding(order)} />
          {moneyRows ? (
            <p className="font-semibold text-ink-900 tabular-nums">
              <span className="font-normal text-ink-500 text-sm">Net paid </span>
              {formatMoney(order.money.netPaidCents, order.currency)}
            </p>
          ) : (
            <p className="font-semibold text-ink-900 tabular-nums">
              <span className="sr-only">Total </span>
              {formatMoney(order.totalWithTaxCents, order.currency)}
            </p>
          )}
        </div>
      </header>
      <ul className="divide-y divide-ink-900/[0.07]" aria-label={`Items of order ${orderNumber(order.id)}`}>
        {order.items.map((item) => (
          <li key={item.id}>
            <Link
              to={orderItemPath(order.id, item.id)}
              className="group flex items-center gap-4 px-5 py-4 hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-500 focus-visible:-outline-offset-2 sm:px-6"
            >
              <ProductLogo src={item.productLogoUrl} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink-900 group-hover:text-brand-700">{item.productName}</span>
                <span className="block text-ink-500 text-sm">
                  {planLabel(item)} × {item.quantity}
                  <span className="sm:hidden"> · {lineCost(item)}</span>
                </span>
                {planChangeWords(item) ? (
                  <span className="block text-ink-500 text-xs">{planChangeWords(item)}</span>
                ) : null}
                <ItemMarker item={item} />
              </span>
              <span className="hidden font-medium text-ink-900 tabular-nums sm:block">{lineCost(item)}</span>
              <span className="flex items-center gap-1 font-medium text-brand-700 text-sm">
                {order.status === 'paid' && item.status === 'active' && !item.transfer ? 'Codes' : 'Details'}
                <ChevronRight aria-hidden="true" className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {moneyRows ? (
        <MoneyRows
          rows={moneyRows}
          currency={order.currency}
          className="border-ink-900/[0.07] border-t px-5 py-3 sm:px-6"
        />
      ) : null}
      {order.savedCents > 0 ? (
        // The server's figure: the plans held now against what was paid for them, refunds aside.
        <p className="border-ink-900/[0.07] border-t px-5 py-3 text-emerald-700 text-sm sm:px-6">
          You saved {formatMoney(order.savedCents, order.currency)} on list prices.
        </p>
      ) : null}
      <InvoiceLinks order={order} className="border-ink-900/[0.07] border-t px-5 py-3 sm:px-6" />
    </article>
  );
}

/** What became of a bought item since: refunded, ended, a subscription set to cancel, given away. */
function ItemMarker({ item }: { item: OrderItem }) {
  const ends = cancelsOn(item);
  const text =
    item.status === 'refunded'
      ? `Refunded${item.refundedAt ? ` on ${formatDate(item.refundedAt, undefined)}` : ''}`
      : item.status === 'ended'
        ? `Ended${item.endedAt ? ` on ${formatDate(item.endedAt, undefined)}` : ''}`
        : ends
          ? `Cancels on ${formatDate(ends, undefined)}`
          : item.transfer
            ? // Decision 043: given or being transferred.
              `${item.transfer.kind === 'gift' ? 'Gift' : 'Transfer'} to ${item.transfer.toEmail}: ${item.transfer.status === 'claimed' ? 'claimed' : 'waiting for the claim'}`
            : null;
  if (!text) return null;
  return (
    <span className="mt-1 inline-flex max-w-full rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-ink-700 text-xs wrap-anywhere">
      {text}
    </span>
  );
}
