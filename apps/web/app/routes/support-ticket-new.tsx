import { pageTitle } from '@everdeal/contracts/constants';
import { SUPPORT_PATH } from '@everdeal/contracts/paths';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useOrders } from '~/features/orders/api/orders';
import { orderChoiceLabel } from '~/features/orders/order-format';
import { NewTicketForm } from '~/features/support/components/new-ticket-form';
import { TicketThreadSkeleton } from '~/features/support/components/ticket-thread-skeleton';
import { requestedOrderId } from '~/features/support/support-rules';
import { formatDate } from '~/lib/format-date';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/support-ticket-new';

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('New support ticket') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/support/tickets/new[?orderId=…&subject=…]`: an order page links here about one of its
 * items, and the form offers the shopper's latest orders. A ticket needs the session, which the browser holds: the server renders the
 * skeleton, and a visitor is sent to sign in and brought back (like /user).
 */
export default function NewSupportTicket() {
  const user = useRequireLogin();
  const [searchParams] = useSearchParams();
  // The support form picks from the shopper's latest orders; the route brings them (features do not import each other).
  const orders = useOrders();
  const orderChoices = orders.data?.orders.map((order) => ({
    id: order.id,
    label: orderChoiceLabel(order, formatDate(order.paidAt ?? order.createdAt, undefined)),
  }));
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
      <Breadcrumbs items={[{ label: 'Support', to: SUPPORT_PATH }, { label: 'New ticket' }]} />
      <div className="mt-6 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8">
        {user ? (
          <NewTicketForm
            initialOrderId={requestedOrderId(searchParams)}
            initialSubject={(searchParams.get('subject') ?? '').slice(0, 150)}
            orderChoices={orders.isError ? [] : orderChoices}
          />
        ) : (
          <TicketThreadSkeleton />
        )}
      </div>
    </div>
  );
}
