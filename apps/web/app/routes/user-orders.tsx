import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { ReceivedItems } from '~/features/gifts/components/received-items';
import { OrderList } from '~/features/orders/components/order-list';
import type { Route } from './+types/user-orders';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your orders') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Requirements §2 "/user/orders": the signed-in user's orders, newest first, after the items they
 * received from others (decision 043).
 */
export default function UserOrders() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1));
  return (
    <div>
      {page === 1 ? <ReceivedItems /> : null}
      <h2 className="sr-only">Orders</h2>
      <OrderList page={page} />
    </div>
  );
}
