import { pageTitle } from '@everdeal/contracts/constants';
import { data, Link } from 'react-router';
import { SkeletonText } from '~/components/ui/skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useOrderItem } from '~/features/refunds/api/order-item';
import { PlanChangePanel } from '~/features/refunds/components/plan-change-panel';
import { RefundPanel } from '~/features/refunds/components/refund-panel';
import { SubscriptionPanel } from '~/features/refunds/components/subscription-panel';
import type { Route } from './+types/order-item';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/order/{orderId}/{itemId}` (requirements §2), minimal: the item, its codes and the refund,
 * plan and subscription panels of issue 11. The checkout issue's order pages bring the full page
 * (activation, redeem link, copy buttons) and compose these panels into it.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!UUID.test(params.orderId) || !UUID.test(params.itemId)) throw data(null, { status: 404 });
  return { orderId: params.orderId.toLowerCase(), itemId: params.itemId.toLowerCase() };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your order') },
  { name: 'robots', content: 'noindex' },
];

function OrderItemView({ orderId, itemId }: { orderId: string; itemId: string }) {
  const item = useOrderItem({ orderId, itemId });
  if (item.isPending) return <SkeletonText lines={6} />;
  if (item.isError || !item.data) {
    return (
      <p className="text-ink-700">
        This item was not found.{' '}
        <Link to="/user/orders" className="font-semibold text-brand-700 underline">
          Your orders
        </Link>
      </p>
    );
  }
  const view = item.data;
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="font-semibold text-2xl text-ink-900 tracking-tight">{view.productName}</h1>
        <p className="text-ink-500">
          {view.planName} × {view.quantity}
        </p>
      </header>
      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading" className="font-semibold text-ink-900">
          License codes
        </h2>
        <ul className="mt-2 flex flex-col gap-1.5 font-mono text-sm">
          {view.codes.map((code) => (
            <li key={code.code} className={code.status === 'revoked' ? 'text-ink-500 line-through' : 'text-ink-900'}>
              {code.code} <span className="font-sans text-ink-500 text-xs no-underline">({code.status})</span>
            </li>
          ))}
        </ul>
      </section>
      <RefundPanel item={view} />
      <SubscriptionPanel item={view} />
      <PlanChangePanel item={view} />
    </div>
  );
}

export default function OrderItemPage({ loaderData }: Route.ComponentProps) {
  const user = useRequireLogin();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
      {user ? <OrderItemView {...loaderData} /> : <SkeletonText lines={6} />}
    </div>
  );
}
