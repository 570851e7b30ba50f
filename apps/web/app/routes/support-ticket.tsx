import { pageTitle } from '@everdeal/contracts/constants';
import { data } from 'react-router';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { TicketThread } from '~/features/support/components/ticket-thread';
import { TicketThreadSkeleton } from '~/features/support/components/ticket-thread-skeleton';
import { isTicketId } from '~/features/support/support-rules';
import { redirectVisitorToLogin, signedInPageHeaders } from '~/shared/session/session-hint';
import type { Route } from './+types/support-ticket';

/**
 * `/support/tickets/{id}`. The server cannot read the ticket (the session is in the browser),
 * but it can tell a path that cannot name one: that is the 404 page with HTTP 404.
 */
export function loader({ params, request, url }: Route.LoaderArgs) {
  if (!isTicketId(params.ticketId)) throw data(null, { status: 404 });
  // Decision 017: a visitor is sent to sign in by the server.
  redirectVisitorToLogin({ request, url });
  return { ticketId: params.ticketId.toLowerCase() };
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Support ticket') },
  { name: 'robots', content: 'noindex' },
];

export default function SupportTicket({ loaderData }: Route.ComponentProps) {
  const user = useRequireLogin();
  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
      {user ? <TicketThread ticketId={loaderData.ticketId} /> : <TicketThreadSkeleton />}
    </div>
  );
}
