import type { AdminTicketSummary, TicketAssigneeFilter, TicketStatus } from '@everdeal/contracts';
import Inbox from 'lucide-react/icons/inbox';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format-date';
import { adminTicketPath } from '../admin-paths';
import { useAdminTickets } from '../api/ticket-requests';
import {
  ADMIN_TICKET_STATUS,
  ASSIGNEE_LABEL,
  type TicketFilters,
  ticketFiltersOf,
  ticketFiltersQuery,
} from '../ticket-filters';
import { PageNav } from './page-nav';
import { StatusBadge } from './status-badge';

const selectClasses = 'h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm sm:w-auto';

/** `/admin/tickets` (requirements §14, decision 009): every customer's tickets, latest activity first. */
export function TicketInboxPage() {
  const [params, setParams] = useSearchParams();
  const filters = ticketFiltersOf(params);
  const tickets = useAdminTickets(filters);
  const [query, setQuery] = useState(filters.q ?? '');
  const ids = { q: useId(), status: useId(), assignee: useId() };

  const apply = (next: Partial<TicketFilters>) =>
    setParams(new URLSearchParams(ticketFiltersQuery({ ...filters, page: 1, ...next })), { preventScrollReset: true });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    apply(q ? { q } : { q: undefined });
  };

  return (
    <section aria-labelledby="admin-tickets-heading">
      <h2 id="admin-tickets-heading" className="font-bold text-ink-900 text-xl">
        Tickets
      </h2>
      <form onSubmit={search} aria-label="Filter tickets" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={ids.q} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Subject, e-mail or ticket number
          </label>
          <input
            id={ids.q}
            type="search"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <div className="w-full sm:w-auto">
          <label htmlFor={ids.status} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Status
          </label>
          <select
            id={ids.status}
            value={filters.status ?? ''}
            onChange={(event) => apply({ status: (event.target.value || undefined) as TicketStatus | undefined })}
            className={selectClasses}
          >
            <option value="">Any status</option>
            {Object.entries(ADMIN_TICKET_STATUS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="w-full sm:w-auto">
          <label htmlFor={ids.assignee} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Assignee
          </label>
          <select
            id={ids.assignee}
            value={filters.assignee}
            onChange={(event) => apply({ assignee: event.target.value as TicketAssigneeFilter })}
            className={selectClasses}
          >
            {Object.entries(ASSIGNEE_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Find tickets</Button>
      </form>

      <div className="mt-6">
        {tickets.isPending ? (
          <SkeletonText lines={6} />
        ) : tickets.isError ? (
          <FormAlert>
            We could not load the tickets.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void tickets.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : tickets.data.items.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title="No tickets here"
            description={
              filters.status || filters.q || filters.assignee !== 'any'
                ? 'No ticket matches these filters.'
                : 'When a customer writes to support, the ticket shows up here.'
            }
          />
        ) : (
          <>
            <p className="mb-3 text-ink-500 text-sm" aria-live="polite">
              {tickets.data.total === 1 ? '1 ticket' : `${tickets.data.total} tickets`}, latest activity first
            </p>
            <ul className="grid gap-3">
              {tickets.data.items.map((ticket) => (
                <li key={ticket.id}>
                  <TicketRow ticket={ticket} back={ticketFiltersQuery(filters)} />
                </li>
              ))}
            </ul>
            <PageNav
              page={tickets.data.page}
              pageCount={Math.ceil(tickets.data.total / tickets.data.pageSize)}
              onPage={(page) => apply({ page })}
            />
          </>
        )}
      </div>
    </section>
  );
}

function TicketRow({ ticket, back }: { ticket: AdminTicketSummary; back: string }) {
  const status = ADMIN_TICKET_STATUS[ticket.status];
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="relative rounded-card bg-white p-4 shadow-card ring-1 ring-ink-900/5 focus-within:ring-2 focus-within:ring-brand-500 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 id={headingId} className="min-w-0 flex-1 basis-64 break-words font-semibold text-ink-900">
          {/* The whole card is the link's target; the heading carries its name. */}
          <Link
            to={adminTicketPath(ticket.id)}
            state={{ back }}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            <span className="text-ink-500">#{ticket.number}</span> {ticket.subject}
          </Link>
        </h3>
        <span className="flex items-center gap-2">
          <span className="sr-only">Status:</span>
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-ink-600 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)]">
        <div className="min-w-0">
          <dt className="sr-only">Customer</dt>
          <dd className="truncate">
            {ticket.customerName} <span className="text-ink-500">&lt;{ticket.customerEmail}&gt;</span>
          </dd>
        </div>
        <div>
          <dt className="inline">Assignee: </dt>
          <dd className="inline">{ticket.assigneeEmail ?? 'nobody'}</dd>
        </div>
        <div>
          <dt className="inline">Last activity: </dt>
          <dd className="inline">
            <time dateTime={ticket.lastMessageAt}>{formatDateTime(ticket.lastMessageAt)}</time>
            {ticket.lastMessageBy === 'customer' ? ' (customer)' : ' (support)'}
          </dd>
        </div>
      </dl>
    </article>
  );
}
