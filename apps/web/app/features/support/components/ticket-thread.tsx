import type { Ticket, TicketMessage } from '@everdeal/contracts';
import { SupportMessage } from '@everdeal/contracts/content-messages';
import { SUPPORT_PATH } from '@everdeal/contracts/paths';
import { clsx } from 'clsx';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Button, buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { toFormError } from '~/lib/form-error';
import { formatDateTime } from '~/lib/format-date';
import { useForm } from '~/lib/use-form';
import { TicketReplyForm } from '~/shared/support/ticket-reply-form';
import { useReplyToTicket, useSetTicketClosed, useTicket } from '../api/tickets';
import { ticketMessageError } from '../support-rules';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketThreadSkeleton } from './ticket-thread-skeleton';

/** One ticket's page: its messages, a reply, close and reopen. Rendered in the browser only. */
export function TicketThread({ ticketId }: { ticketId: string }) {
  const ticket = useTicket(ticketId);
  if (ticket.isError) {
    const failure = toFormError(ticket.error);
    // Someone else's ticket and a missing one are the same 404 (requirements §6).
    return failure.status === 404 || failure.status === 422 ? (
      <EmptyState
        titleAs="h1"
        title={SupportMessage.ticketNotFound}
        description="It may belong to another account, or the link is incomplete."
        action={
          <Link to={SUPPORT_PATH} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            See your tickets
          </Link>
        }
      />
    ) : (
      <FormAlert tone={failure.tone}>
        {failure.message}{' '}
        <button type="button" onClick={() => ticket.refetch()} className="font-semibold underline">
          Try again
        </button>
      </FormAlert>
    );
  }
  return ticket.data ? <Thread ticket={ticket.data} /> : <TicketThreadSkeleton />;
}

function Thread({ ticket }: { ticket: Ticket }) {
  const isClosed = ticket.status === 'closed';
  const setClosed = useSetTicketClosed(ticket.id);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Support', to: SUPPORT_PATH }, { label: `Ticket #${ticket.number}` }]} />
      <header className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl text-ink-900 tracking-tight sm:text-3xl">{ticket.subject}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-500 text-sm">
            <TicketStatusBadge status={ticket.status} />
            <span>
              Ticket #{ticket.number}, opened{' '}
              <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
            </span>
            {ticket.orderId ? (
              <span className="break-all">
                <span aria-hidden="true">· </span>Order {ticket.orderId}
              </span>
            ) : null}
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          isLoading={setClosed.isPending}
          onClick={() => setClosed.mutate(!isClosed)}
        >
          {isClosed ? 'Reopen ticket' : 'Close ticket'}
        </Button>
      </header>
      {isClosed && ticket.closedAt ? (
        <p className="mt-4 rounded-xl bg-canvas px-4 py-3 text-ink-700 text-sm">
          This ticket was closed on <time dateTime={ticket.closedAt}>{formatDateTime(ticket.closedAt)}</time>. Writing
          again reopens it.
        </p>
      ) : null}

      <ol aria-label="Messages" className="mt-8 space-y-4">
        {ticket.messages.map((message) => (
          <li key={message.id}>
            <MessageBubble message={message} />
          </li>
        ))}
      </ol>

      <ReplyForm ticketId={ticket.id} isClosed={isClosed} messageCount={ticket.messages.length} />
    </>
  );
}

function MessageBubble({ message }: { message: TicketMessage }) {
  const isStaff = message.authorRole === 'staff';
  return (
    <article
      aria-label={`${isStaff ? 'Everdeal support' : 'You'}, ${formatDateTime(message.createdAt)}`}
      className={clsx(
        'max-w-[44rem] rounded-2xl p-4 sm:p-5',
        isStaff ? 'bg-white shadow-card ring-1 ring-ink-900/5' : 'ml-auto bg-brand-50 ring-1 ring-brand-100',
      )}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold text-ink-900">
          {message.authorName}
          {isStaff ? <span className="ml-2 font-medium text-brand-700 text-xs">Everdeal support</span> : null}
        </span>
        <time dateTime={message.createdAt} className="text-ink-500 text-xs">
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      {/* Plain text as written (decision 009): line breaks kept, nothing interpreted as markup. */}
      <p className="mt-2 whitespace-pre-wrap break-words text-ink-700 text-sm leading-relaxed">{message.body}</p>
    </article>
  );
}

function ReplyForm({
  ticketId,
  isClosed,
  messageCount,
}: {
  ticketId: string;
  isClosed: boolean;
  messageCount: number;
}) {
  const form = useForm({ initialValues: { message: '' }, validate: (_, values) => ticketMessageError(values.message) });
  const reply = useReplyToTicket(ticketId);
  const [announcement, setAnnouncement] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending || !form.validateAll()) return;
    reply.mutate(form.getValues().message.trim(), {
      onSuccess: () => {
        form.reset();
        setAnnouncement(`Reply sent. The ticket has ${messageCount + 1} messages.`);
        form.focus('message');
      },
    });
  };

  const failure = reply.error ? toFormError(reply.error) : null;
  const length = form.values.message.trim().length;
  return (
    <TicketReplyForm
      label={isClosed ? 'Write again (reopens the ticket)' : 'Your reply'}
      rows={5}
      field={form.field('message')}
      length={length}
      failure={failure}
      announcement={announcement}
      isSending={reply.isPending}
      hasErrors={form.hasErrors}
      onSubmit={submit}
    />
  );
}
