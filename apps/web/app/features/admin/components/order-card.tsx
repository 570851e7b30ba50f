import type { AdminItemChargeback, AdminOrder, AdminOrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast-store';
import { formatDate, formatDateTime } from '~/lib/format-date';
import { ORDER_STANDING_LABEL, orderStanding } from '~/shared/orders/item-status';
import { MoneyRows } from '~/shared/orders/money-rows';
import { orderHeadline, orderMoneyRows } from '~/shared/orders/order-money-rows';
import { isAllCredit, type RefundParts, refundPartsOf, vatIncludedNote } from '~/shared/orders/refund-money';
import { RefundReasonLine } from '~/shared/orders/refund-reason-line';
import { adminOrdersPath } from '../admin-paths';
import { useAdminChange } from '../api/admin-operations';
import { lineWords } from '../order-line-words';
import { ReasonDialog } from './reason-dialog';
import { StatusBadge } from './status-badge';

// One order as the admin sees it, on the orders page and on a user's page: its items, their
// standing, the shopper's refund reason or the card dispute that took the money back, and the
// refund an admin makes on the shopper's behalf.

const ITEM_TONE: Record<string, 'good' | 'bad' | 'neutral'> = { active: 'good', refunded: 'bad' };

/** A status as a label: "paid" → "Paid", "sold_out" → "Sold out". */
const labelOf = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1).replace(/_/g, ' ')}`;

/** `showsOrderLink`: on a user's page, the order's id links to the orders page's view of it. */
export function OrderCard({ order, showsOrderLink = false }: { order: AdminOrder; showsOrderLink?: boolean }) {
  const headingId = useId();
  // A paid order whose items were all refunded is "Refunded", not "Paid" (its status stays paid).
  const standing = orderStanding(order);
  // Once money moved after checkout (a plan change, a renewal, a refund, a dispute), the figure is
  // the net paid and the rows below say how, as the buyer's own order card does (decision 010).
  const moneyRows = orderMoneyRows(order);
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-ink-900/10 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-all font-mono font-semibold text-ink-900 text-sm">
            {showsOrderLink ? (
              <Link to={adminOrdersPath(order.id)} className="text-brand-700 underline">
                Order {order.id}
              </Link>
            ) : (
              <>Order {order.id}</>
            )}
          </h3>
          <p className="break-words text-ink-600 text-sm">
            {order.userEmail} · <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge tone={standing === 'paid' ? 'good' : 'neutral'}>{ORDER_STANDING_LABEL[standing]}</StatusBadge>
          <span className="font-semibold text-ink-900 tabular-nums">
            <span className="font-normal text-ink-600 text-sm">{orderHeadline(order).label} </span>
            {formatMoney(orderHeadline(order).cents, order.currency)}
          </span>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-ink-900/10 border-ink-900/10 border-t">
        {order.items.map((item) => (
          <li key={item.id} className="py-3">
            <ItemRow order={order} item={item} />
          </li>
        ))}
      </ul>
      {moneyRows ? (
        <MoneyRows rows={moneyRows} currency={order.currency} className="border-ink-900/10 border-t pt-3" />
      ) : null}
    </article>
  );
}

/** "Charged back $70.00 on 3 Apr 2027", and what a won dispute gave back (decision 039). */
function chargebackLine({ amount, reversedAmount, recordedAt }: AdminItemChargeback, currency: string) {
  const taken = `Charged back ${formatMoney(amount, currency)} on ${formatDate(recordedAt)}`;
  if (reversedAmount === 0) return taken;
  return `${taken} · dispute won, ${formatMoney(reversedAmount, currency)} returned`;
}

/** "$55.43 (VAT included) goes back to the card of", split when part was paid with store credit. */
function refundDestinationWords(parts: RefundParts, item: AdminOrderItem) {
  const money = (cents: number) => formatMoney(cents, item.currency);
  const total = `${money(parts.total)}${vatIncludedNote(parts)}`;
  if (parts.credit === 0) return `${total} goes back to the card of`;
  if (isAllCredit(parts)) return `${total} goes back as store credit to`;
  return `${total} goes back, ${money(parts.card)} to the card and ${money(parts.credit)} as store credit, to`;
}

function ItemRow({ order, item }: { order: AdminOrder; item: AdminOrderItem }) {
  const refund = useAdminChange('admin/refundItem');
  const { chargebacks } = item;
  // What the refund returns or returned, as the server counts it: plan changes, renewals and VAT included.
  const refunded = refundPartsOf(item);
  // A chargeback revokes the item as a refund does (its status says refunded); the card names it.
  const window =
    chargebacks.length > 0
      ? chargebacks.map((chargeback) => chargebackLine(chargeback, item.currency)).join(' · ')
      : item.status === 'refunded'
        ? `Refunded${refunded ? ` ${formatMoney(refunded.total, item.currency)}` : ''}${item.refundedAt ? ` on ${formatDate(item.refundedAt)}` : ''}`
        : item.status === 'ended'
          ? `Ended${item.endedAt ? ` on ${formatDate(item.endedAt)}` : ''}`
          : item.refundableUntil === null
            ? 'No refund window'
            : `Refundable by the shopper until ${formatDate(item.refundableUntil)}`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="break-words font-medium text-ink-900">
          {item.productName} <span className="text-ink-600">({item.planName})</span>
        </p>
        <p className="text-ink-500 text-xs">
          {lineWords(item)} · {window}
        </p>
        {item.refundReason ? <RefundReasonLine reason={item.refundReason} /> : null}
        {chargebacks.map((chargeback) => (
          <p key={chargeback.reference} className="break-all text-ink-600 text-xs">
            Dispute <span className="font-mono">{chargeback.reference}</span>
          </p>
        ))}
      </div>
      {chargebacks.length > 0 ? (
        <StatusBadge tone="bad">Charged back</StatusBadge>
      ) : (
        <StatusBadge tone={ITEM_TONE[item.status] ?? 'neutral'}>{labelOf(item.status)}</StatusBadge>
      )}
      {item.status === 'active' && order.status === 'paid' && refunded ? (
        <ReasonDialog
          trigger={
            <Button size="sm" variant="danger-outline">
              Refund
            </Button>
          }
          title={`Refund ${item.productName}?`}
          description={`${refundDestinationWords(refunded, item)} ${order.userEmail}, its codes are revoked and the shopper is mailed. This works after the refund window too.`}
          label="Reason (kept in the audit log)"
          confirmLabel="Refund"
          onConfirm={async (reason) => {
            await refund.mutateAsync({ orderId: order.id, itemId: item.id, reason });
            toast.success(`${item.productName} was refunded`);
          }}
        />
      ) : null}
    </div>
  );
}
