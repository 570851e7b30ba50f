import type { AdminOrder } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import Receipt from 'lucide-react/icons/receipt';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format-date';
import { ORDER_STANDING_LABEL, orderStanding } from '~/shared/orders/item-status';
import { orderHeadline } from '~/shared/orders/order-money-rows';
import { adminOrdersPath } from '../admin-paths';
import { useOrderSearch } from '../api/admin-operations';
import { OrderCard } from './order-card';
import { StatusBadge } from './status-badge';

// The contracts' ADMIN_QUERY_MAX, not imported: a value from the package root would bring zod along.
const QUERY_MAX = 200;

/**
 * `/admin/orders` (requirements §13): find orders by the shopper's e-mail or the order id, refund
 * an item. The search is the address's `?q=`, so a reload, a shared link and Back show the same
 * search; without one the page lists the latest orders.
 */
export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const submitted = (params.get('q') ?? '').trim().slice(0, QUERY_MAX);
  const orders = useOrderSearch(submitted);
  const [query, setQuery] = useState(submitted);
  // Back and a link to another search change the address, not the field: follow the address.
  const [shown, setShown] = useState(submitted);
  if (shown !== submitted) {
    setShown(submitted);
    setQuery(submitted);
  }
  const fieldId = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    // A push, so Back returns to the search before.
    setParams(q ? { q } : {}, { preventScrollReset: true });
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
            maxLength={QUERY_MAX}
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <Button type="submit">Find orders</Button>
      </form>
      <div className="mt-6">
        {orders.isPending ? (
          <SkeletonText lines={6} />
        ) : orders.isError ? (
          <FormAlert>
            We could not {submitted === '' ? 'load the latest orders' : 'search the orders'}.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void orders.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : submitted === '' ? (
          <RecentOrders orders={orders.data.orders} />
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

/** The latest orders, one line each; an order's link is the search for its id (items, refunds). */
function RecentOrders({ orders }: { orders: AdminOrder[] }) {
  const headingId = useId();
  if (orders.length === 0) {
    return <EmptyState icon={Receipt} title="No orders yet" description="Orders appear here as shoppers buy." />;
  }
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink-900">
        Latest orders
      </h3>
      <ul className="mt-3 divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
        {orders.map((order) => {
          const standing = orderStanding(order);
          return (
            <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <Link
                to={adminOrdersPath(order.id)}
                className="min-w-0 break-all font-mono font-semibold text-brand-700 underline"
                aria-label={`Order ${order.id}`}
              >
                {order.id.slice(0, 8)}
              </Link>
              <span className="min-w-0 flex-1 basis-48 break-words text-ink-600">{order.userEmail}</span>
              <time dateTime={order.createdAt} className="text-ink-500">
                {formatDateTime(order.createdAt)}
              </time>
              <StatusBadge tone={standing === 'paid' ? 'good' : 'neutral'}>
                {ORDER_STANDING_LABEL[standing]}
              </StatusBadge>
              <span className="font-semibold text-ink-900 tabular-nums">
                <span className="font-normal text-ink-600 text-sm">{orderHeadline(order).label} </span>
                {formatMoney(orderHeadline(order).cents, order.currency)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
