import { pageTitle } from '@everdeal/contracts/constants';
import { AdminTicketPage } from '~/features/admin/components/ticket-page';
import type { Route } from './+types/admin-ticket';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Ticket · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page({ params }: Route.ComponentProps) {
  // Keyed by the ticket, so a reply being written is not carried over to another ticket.
  return <AdminTicketPage key={params.ticketId} ticketId={params.ticketId.toLowerCase()} />;
}
