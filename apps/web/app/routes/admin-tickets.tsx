import { pageTitle } from '@everdeal/contracts/constants';
import { TicketInboxPage } from '~/features/admin/components/ticket-inbox';
import type { Route } from './+types/admin-tickets';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Tickets · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <TicketInboxPage />;
}
