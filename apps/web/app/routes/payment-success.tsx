import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useOrder } from '~/features/orders/api/orders';
import { OrderNotFound } from '~/features/orders/components/order-item-view';
import { PaymentSuccessView } from '~/features/orders/components/payment-success-view';
import { ApiError } from '~/lib/api-client';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/payment-success';

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Thank you for your order') },
  { name: 'robots', content: 'noindex' },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Requirements §2 "/payment/success?order=…": after paying, the order with a link to each item. */
export default function PaymentSuccess() {
  const user = useRequireLogin();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('order') ?? '';
  const orderId = UUID.test(requested) ? requested : null;
  const order = useOrder(orderId);
  const isNotFound = orderId === null || (order.error instanceof ApiError && order.error.status === 404);

  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      {user && isNotFound ? (
        <OrderNotFound />
      ) : user && order.data ? (
        <PaymentSuccessView order={order.data} />
      ) : user && order.isError ? (
        <p className="rounded-card bg-white p-6 text-ink-700 shadow-card">
          Your order could not be loaded.{' '}
          <button type="button" onClick={() => order.refetch()} className="font-semibold text-brand-700 underline">
            Try again
          </button>
        </p>
      ) : (
        <LoadingRegion label="Loading your order…" className="space-y-6">
          <Skeleton className="mx-auto size-14 rounded-full" />
          <Skeleton className="mx-auto h-9 w-2/3" />
          <Skeleton className="h-48 rounded-card" />
        </LoadingRegion>
      )}
    </div>
  );
}
