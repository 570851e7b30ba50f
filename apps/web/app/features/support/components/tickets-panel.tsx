import { newTicketPath } from '@everdeal/contracts/paths';
import Inbox from 'lucide-react/icons/inbox';
import MessageSquarePlus from 'lucide-react/icons/message-square-plus';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { preloadLoginModal, requireLogin } from '~/shared/session/login-prompt';
import { useAuth } from '~/shared/session/session-provider';
import { useTickets } from '../api/tickets';
import { TicketList } from './ticket-list';

/**
 * "Your tickets" on /support. Tickets need the session, which lives in the browser: the server
 * renders the loading state, and after hydration a visitor gets the sign-in prompt (the login
 * modal, requirements §4: the new ticket waits for the login and opens after it).
 */
export function TicketsPanel() {
  const { isRestored, isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const tickets = useTickets();
  const newTicket = () => requireLogin(() => navigate(newTicketPath()));

  return (
    <section aria-labelledby="tickets-title" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="tickets-title" className="font-semibold text-ink-900 text-lg tracking-tight">
          Your tickets
        </h2>
        {isLoggedIn ? (
          <Link to={newTicketPath()} className={buttonClasses({ size: 'sm' })}>
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            New ticket
          </Link>
        ) : null}
      </div>

      <div className="mt-4">
        {!isRestored || (isLoggedIn && tickets.isPending) ? (
          <LoadingRegion label="Loading your tickets…" className="space-y-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </LoadingRegion>
        ) : !isLoggedIn ? (
          <>
            <p className="text-ink-700 text-sm leading-relaxed">
              Log in to write to the support team about an order, a code or your account, and to follow our replies in
              one place.
            </p>
            <Button
              className="mt-4 w-full"
              onClick={newTicket}
              onPointerEnter={preloadLoginModal}
              onFocus={preloadLoginModal}
            >
              <MessageSquarePlus aria-hidden="true" className="size-4" />
              New ticket
            </Button>
          </>
        ) : tickets.isError ? (
          <p className="text-ink-700 text-sm">
            Your tickets could not be loaded.{' '}
            <button
              type="button"
              onClick={() => tickets.refetch()}
              className="font-semibold text-brand-700 hover:underline"
            >
              Try again
            </button>
          </p>
        ) : tickets.data && tickets.data.tickets.length > 0 ? (
          <TicketList tickets={tickets.data.tickets} />
        ) : (
          <div className="flex flex-col items-center rounded-xl bg-canvas px-4 py-8 text-center">
            <Inbox aria-hidden="true" className="size-6 text-brand-600" />
            <p className="mt-2 font-medium text-ink-900 text-sm">No tickets yet</p>
            <p className="mt-1 text-ink-500 text-xs">When the answers here do not help, open a ticket.</p>
          </div>
        )}
      </div>
    </section>
  );
}
