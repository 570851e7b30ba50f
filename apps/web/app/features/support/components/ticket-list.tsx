import type { TicketSummary } from '@everdeal/contracts';
import { supportTicketPath } from '@everdeal/contracts/paths';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { formatDateTime } from '~/lib/format-date';
import { TicketStatusBadge } from './ticket-status-badge';

/** The user's tickets, latest activity first (the server's order), each a link to its thread. */
export function TicketList({ tickets }: { tickets: TicketSummary[] }) {
  return (
    <ul className="-mx-2 divide-y divide-ink-900/[0.06]">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            to={supportTicketPath(ticket.id)}
            className="group flex items-center gap-3 rounded-xl px-2 py-3 transition-colors hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-ink-900 text-sm group-hover:text-brand-700">{ticket.subject}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-500 text-xs">
                <TicketStatusBadge status={ticket.status} />
                <span>
                  #{ticket.number}
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  {ticket.lastMessageBy === 'staff' ? 'Support replied' : 'Updated'}{' '}
                  <time dateTime={ticket.lastMessageAt}>{formatDateTime(ticket.lastMessageAt)}</time>
                </span>
              </p>
            </div>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-ink-300" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
