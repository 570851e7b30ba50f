import { pageTitle } from '@everdeal/contracts/constants';
import { ORDERS_PATH } from '@everdeal/contracts/order-paths';
import { lazy, Suspense } from 'react';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useOrder, useOrderItem } from '~/features/orders/api/orders';
import { OrderItemView, OrderNotFound } from '~/features/orders/components/order-item-view';
import { RefundPanel } from '~/features/refunds/components/refund-panel';
import { ApiError } from '~/lib/api-client';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/order-item';

// The invoice links come after the order's own request, below the item: their own chunk keeps the
// page's first load inside its budget (docs/benchmarks.md).
const InvoiceLinks = lazy(() =>
  import('~/features/orders/components/invoice-links').then((module) => ({ default: module.InvoiceLinks })),
);
// The plan options are a request of their own after the item's: their panel loads beside it.
const PlanChangePanel = lazy(() =>
  import('~/features/refunds/components/plan-change-panel').then((module) => ({ default: module.PlanChangePanel })),
);
// Giving or transferring an item (decision 043) is a panel below the item that few visits use.
const ItemTransferPanel = lazy(() =>
  import('~/features/gifts/components/item-transfer-panel').then((module) => ({ default: module.ItemTransferPanel })),
);
// Only subscriptions have the subscription panel: the lifetime deals most items are never load it.
const SubscriptionPanel = lazy(() =>
  import('~/features/refunds/components/subscription-panel').then((module) => ({
    default: module.SubscriptionPanel,
  })),
);

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your order') },
  { name: 'robots', content: 'noindex' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Requirements §2 "/order/{orderId}/{itemId}": one bought item. The order belongs to the browser's
 * session, so the server renders a skeleton; someone else's order answers 404 like a missing one.
 */
export default function OrderItemPage({ params }: Route.ComponentProps) {
  const user = useRequireLogin();
  const isWellFormed = UUID.test(params.orderId) && UUID.test(params.itemId);
  const item = useOrderItem({ orderId: params.orderId, itemId: params.itemId }, isWellFormed);
  // The order's invoice and credit notes (decision 038), once the item is known to be the caller's.
  // A recipient of a gift or transfer (decision 043) holds the item, not the giver's order.
  const order = useOrder(isWellFormed && item.data && !item.data.receivedFrom ? params.orderId : null);
  const isNotFound = !isWellFormed || (item.error instanceof ApiError && [404, 422].includes(item.error.status ?? 0));

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
      <Breadcrumbs items={[{ label: 'Orders', to: ORDERS_PATH }, { label: item.data?.productName ?? 'Item' }]} />
      <div className="mt-6">
        {user && isNotFound ? (
          <OrderNotFound />
        ) : user && item.data ? (
          <OrderItemView item={item.data}>
            <Suspense fallback={null}>
              <ItemTransferPanel item={item.data} />
            </Suspense>
            {/* Decision 043: the refund right ends with a claim; a moved item keeps its plan. */}
            {item.data.receivedFrom || item.data.transfer?.status === 'claimed' ? null : (
              <RefundPanel item={item.data} />
            )}
            {item.data.planKind === 'subscription' ? (
              <Suspense fallback={<Skeleton className="h-32 rounded-card" />}>
                <SubscriptionPanel item={item.data} />
              </Suspense>
            ) : null}
            {item.data.receivedFrom || item.data.transfer ? null : (
              <Suspense fallback={null}>
                <PlanChangePanel item={item.data} />
              </Suspense>
            )}
            {order.data?.invoiceNumber && !item.data.receivedFrom ? (
              <Suspense fallback={null}>
                <InvoiceLinks
                  order={order.data}
                  className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
                />
              </Suspense>
            ) : null}
          </OrderItemView>
        ) : user && item.isError ? (
          <p className="rounded-card bg-white p-6 text-ink-700 shadow-card">
            This item could not be loaded.{' '}
            <button type="button" onClick={() => item.refetch()} className="font-semibold text-brand-700 underline">
              Try again
            </button>
          </p>
        ) : (
          <LoadingRegion label="Loading your order…" className="space-y-6">
            <Skeleton className="h-28 rounded-card" />
            <Skeleton className="h-56 rounded-card" />
          </LoadingRegion>
        )}
      </div>
    </div>
  );
}
