import type { AdminOrder, OrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import Receipt from 'lucide-react/icons/receipt';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { formatDate, formatDateTime } from '~/lib/format-date';
import { ORDER_STANDING_LABEL, orderStanding } from '~/shared/orders/item-status';
import { useAdminChange, useOrderSearch } from '../api/admin-operations';
import { ReasonDialog } from './reason-dialog';
import { StatusBadge } from './status-badge';

const ITEM_TONE: Record<string, 'good' | 'bad' | 'neutral'> = { active: 'good', refunded: 'bad' };

/** A status as a label: "paid" → "Paid", "sold_out" → "Sold out". */
const labelOf = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1).replace(/_/g, ' ')}`;

/** `/admin/orders` (requirements §13): find orders by the shopper's e-mail or the order id, refund an item. */
export function AdminOrdersPage() {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const orders = useOrderSearch(submitted);
  const fieldId = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(query.trim());
  };
  return (
    <section aria-labelledby="admin-orders-heading">
      <h2 id="admin-orders-heading" className="font-bold text-ink-900 text-xl">
        Orders
      </h2>
      <form onSubmit={search} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={fieldId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Shopper’s e-mail or order id
          </label>
          <input
            id={fieldId}
            type="search"
            value={query}
            required
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <Button type="submit">Find orders</Button>
      </form>
      <div className="mt-6">
        {submitted === '' ? (
          <p className="text-ink-600 text-sm">Type a shopper’s e-mail address or an order id to see the orders.</p>
        ) : orders.isPending ? (
          <SkeletonText lines={6} />
        ) : orders.isError ? (
          <FormAlert>
            We could not search the orders.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void orders.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : orders.data.orders.length === 0 ? (
          <EmptyState icon={Receipt} title="No orders found" description={`Nothing matches “${submitted}”.`} />
        ) : (
          <ul className="grid gap-4">
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function OrderCard({ order }: { order: AdminOrder }) {
  const headingId = useId();
  // A paid order whose items were all refunded is "Refunded", not "Paid" (its status stays paid).
  const standing = orderStanding(order);
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-ink-900/10 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-all font-mono font-semibold text-ink-900 text-sm">
            Order {order.id}
          </h3>
          <p className="break-words text-ink-600 text-sm">
            {order.userEmail} · <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge tone={standing === 'paid' ? 'good' : 'neutral'}>{ORDER_STANDING_LABEL[standing]}</StatusBadge>
          <span className="font-semibold text-ink-900 tabular-nums">{formatMoney(order.total, order.currency)}</span>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-ink-900/10 border-ink-900/10 border-t">
        {order.items.map((item) => (
          <li key={item.id} className="py-3">
            <ItemRow order={order} item={item} />
          </li>
        ))}
      </ul>
    </article>
  );
}

function ItemRow({ order, item }: { order: AdminOrder; item: OrderItem }) {
  const refund = useAdminChange('admin/refundItem');
  const window =
    item.status === 'refunded'
      ? `Refunded ${formatMoney(item.amount, item.currency)}${item.refundedAt ? ` on ${formatDate(item.refundedAt)}` : ''}`
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
          {item.quantity} × {formatMoney(item.price, item.currency)} · {window}
        </p>
      </div>
      <StatusBadge tone={ITEM_TONE[item.status] ?? 'neutral'}>{labelOf(item.status)}</StatusBadge>
      {item.status === 'active' && order.status === 'paid' ? (
        <ReasonDialog
          trigger={
            <Button size="sm" variant="danger-outline">
              Refund
            </Button>
          }
          title={`Refund ${item.productName}?`}
          description={`${formatMoney(item.amount, item.currency)} goes back to ${order.userEmail}, its codes are revoked and the shopper is mailed. This works after the refund window too.`}
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
