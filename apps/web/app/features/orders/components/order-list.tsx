import { ORDERS_PATH } from '@everdeal/contracts/order-paths';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { useOrders } from '../api/orders';
import { OrderCard } from './order-card';

/** Requirements §2 "/user/orders": the orders newest first, each with its items, total and status. */
export function OrderList({ page }: { page: number }) {
  const orders = useOrders(page);
  if (orders.isError) {
    return (
      <p className="rounded-card bg-white p-6 text-ink-700 shadow-card">
        Your orders could not be loaded.{' '}
        <button type="button" onClick={() => orders.refetch()} className="font-semibold text-brand-700 underline">
          Try again
        </button>
      </p>
    );
  }
  if (!orders.data) {
    return (
      <LoadingRegion label="Loading your orders…" className="space-y-4">
        <Skeleton className="h-44 rounded-card" />
        <Skeleton className="h-32 rounded-card" />
      </LoadingRegion>
    );
  }
  if (orders.data.total === 0) {
    return (
      <EmptyState
        icon={ShoppingBag}
        title="No orders yet"
        description="What you buy shows here, with its license codes and refund deadline."
        action={
          <Link to="/" className={buttonClasses()}>
            Browse deals
          </Link>
        }
      />
    );
  }
  const pageCount = Math.ceil(orders.data.total / orders.data.pageSize);
  return (
    <div>
      <ul className="space-y-4" aria-label="Orders">
        {orders.data.orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(next) => (next > 1 ? `${ORDERS_PATH}?page=${next}` : ORDERS_PATH)}
      />
    </div>
  );
}
