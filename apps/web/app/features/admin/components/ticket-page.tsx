import type { AdminTicket, AdminTicketMessage } from '@everdeal/contracts';
import { SupportMessage, TICKET_MESSAGE_MAX } from '@everdeal/contracts/content-messages';
import { clsx } from 'clsx';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { textError } from '~/lib/field-rules';
import { toFormError } from '~/lib/form-error';
import { formatDateTime } from '~/lib/format-date';
import { useForm } from '~/lib/use-form';
import { useAuth } from '~/shared/session/session-provider';
import { TicketReplyForm } from '~/shared/support/ticket-reply-form';
import { ADMIN_TICKETS_PATH } from '../admin-paths';
import { findAdminByEmail, useAdminTicket, useTicketChange } from '../api/ticket-requests';
import { ADMIN_TICKET_STATUS } from '../ticket-filters';
import { StatusBadge } from './status-badge';

/** `/admin/tickets/{id}`: the thread, the team's reply, assignment, close and reopen. */
export function AdminTicketPage({ ticketId }: { ticketId: string }) {
  const ticket = useAdminTicket(ticketId);
  const location = useLocation();
  // Back to the inbox as it was filtered, when the admin came from there.
  const back = (location.state as { back?: unknown } | null)?.back;
  const inbox = `${ADMIN_TICKETS_PATH}${typeof back === 'string' ? back : ''}`;

  return (
    <div>
      <Link to={inbox} className="inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All tickets
      </Link>
      <div className="mt-4">
        {ticket.isPending ? (
          <SkeletonText lines={8} />
        ) : ticket.isError ? (
          toFormError(ticket.error).status === 404 || toFormError(ticket.error).status === 422 ? (
            <EmptyState
              title="Ticket not found"
              description="It may have been deleted with its customer’s account, or the link is incomplete."
              action={
                <Link to={inbox} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Back to the inbox
                </Link>
              }
            />
          ) : (
            <FormAlert>
              We could not load this ticket.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void ticket.refetch()}>
                Try again
              </button>
            </FormAlert>
          )
        ) : (
          <Thread ticket={ticket.data} />
        )}
      </div>
    </div>
  );
}

function Thread({ ticket }: { ticket: AdminTicket }) {
  const status = ADMIN_TICKET_STATUS[ticket.status];
  return (
    <article aria-labelledby="admin-ticket-heading">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h2 id="admin-ticket-heading" className="break-words font-bold text-2xl text-ink-900 tracking-tight">
            <span className="text-ink-500">#{ticket.number}</span> {ticket.subject}
          </h2>
          <dl className="mt-3 grid gap-1 text-ink-600 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <dt className="sr-only">Status</dt>
              <dd>
                <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
              </dd>
              <dt className="sr-only">Opened</dt>
              <dd>
                opened <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              </dd>
            </div>
            <div className="break-words">
              <dt className="inline">Customer: </dt>
              <dd className="inline">
                {ticket.customerName} &lt;{ticket.customerEmail}&gt;
              </dd>
            </div>
            {ticket.orderId ? (
              <div className="break-all">
                <dt className="inline">Order: </dt>
                <dd className="inline">{ticket.orderId}</dd>
              </div>
            ) : null}
            <div className="break-words">
              <dt className="inline">Assignee: </dt>
              <dd className="inline">{ticket.assigneeEmail ?? 'nobody'}</dd>
            </div>
          </dl>
        </div>
        <TicketActions ticket={ticket} />
      </header>

      <h3 className="mt-8 font-semibold text-ink-900">Messages</h3>
      <ol aria-label="Messages" className="mt-3 space-y-4">
        {ticket.messages.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} customerName={ticket.customerName} />
          </li>
        ))}
      </ol>

      <ReplyForm ticket={ticket} />
    </article>
  );
}

function MessageCard({ message, customerName }: { message: AdminTicketMessage; customerName: string }) {
  const isStaff = message.authorRole === 'staff';
  const who = isStaff ? `Support (${message.authorEmail ?? 'deleted account'})` : customerName;
  return (
    <section
      aria-label={`${who}, ${formatDateTime(message.createdAt)}`}
      className={clsx(
        'max-w-[44rem] rounded-2xl p-4 sm:p-5',
        isStaff ? 'ml-auto bg-brand-50 ring-1 ring-brand-100' : 'bg-white shadow-card ring-1 ring-ink-900/5',
      )}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 break-words font-semibold text-ink-900">{who}</span>
        <time dateTime={message.createdAt} className="text-ink-500 text-xs">
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      {/* Plain text as written (decision 009): line breaks kept, nothing interpreted as markup. */}
      <p className="mt-2 whitespace-pre-wrap break-words text-ink-700 text-sm leading-relaxed">{message.body}</p>
    </section>
  );
}

function TicketActions({ ticket }: { ticket: AdminTicket }) {
  const me = useAuth().user;
  const assign = useTicketChange('admin/assignTicket');
  const close = useTicketChange('admin/closeTicket');
  const reopen = useTicketChange('admin/reopenTicket');
  const isMine = me !== null && ticket.assigneeId === me.id;
  const isClosed = ticket.status === 'closed';

  return (
    <div className="flex shrink-0 flex-col gap-3 lg:w-72">
      <div className="flex flex-wrap gap-2">
        {isMine ? (
          <Button
            variant="outline"
            size="sm"
            isLoading={assign.isPending}
            onClick={() =>
              assign.mutate(
                { ticketId: ticket.id, assigneeId: null },
                { onSuccess: () => toast.success('The ticket is back in the shared queue') },
              )
            }
          >
            Unassign
          </Button>
        ) : me ? (
          <Button
            variant="outline"
            size="sm"
            isLoading={assign.isPending}
            onClick={() =>
              assign.mutate(
                { ticketId: ticket.id, assigneeId: me.id },
                { onSuccess: () => toast.success('The ticket is yours') },
              )
            }
          >
            Assign to me
          </Button>
        ) : null}
        {isClosed ? (
          <Button
            variant="outline"
            size="sm"
            isLoading={reopen.isPending}
            onClick={() =>
              reopen.mutate({ ticketId: ticket.id }, { onSuccess: () => toast.success('Ticket reopened') })
            }
          >
            Reopen ticket
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            isLoading={close.isPending}
            onClick={() => close.mutate({ ticketId: ticket.id }, { onSuccess: () => toast.success('Ticket closed') })}
          >
            Close ticket
          </Button>
        )}
      </div>
      <AssignOther ticketId={ticket.id} />
    </div>
  );
}

/** Assign to another admin by their e-mail (the admin list is short; no picker needed). */
function AssignOther({ ticketId }: { ticketId: string }) {
  const assign = useTicketChange('admin/assignTicket');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isLooking, setIsLooking] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!wanted) return setError('Enter the e-mail address of an admin');
    setIsLooking(true);
    try {
      const admin = await findAdminByEmail(wanted);
      if (!admin) return setError('No admin has this e-mail address');
      assign.mutate(
        { ticketId, assigneeId: admin.id },
        {
          onSuccess: () => {
            setEmail('');
            toast.success(`Assigned to ${admin.email}`);
          },
        },
      );
    } finally {
      setIsLooking(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Assign to another admin" className="grid gap-1.5">
      <label htmlFor={id} className="font-medium text-ink-900 text-sm">
        Assign to another admin
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          value={email}
          placeholder="admin@everdeal.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          className="h-10 min-w-0 flex-1 rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
        />
        <Button type="submit" size="sm" variant="secondary" isLoading={isLooking || assign.isPending}>
          Assign
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** A reply: required, at most 5000 characters, in the words of the server's schema (TicketMessageBody). */
const replyError = (value: string) =>
  textError(value, {
    required: SupportMessage.messageRequired,
    max: { length: TICKET_MESSAGE_MAX, message: SupportMessage.messageTooLong },
  });

function ReplyForm({ ticket }: { ticket: AdminTicket }) {
  // An empty box is an error only when sent: after a reply the box is empty and focused, and
  // leaving it for "Close ticket" must not greet the admin with "Please write a message".
  const isSending = useRef(false);
  const form = useForm({
    initialValues: { message: '' },
    validate: (_, values) =>
      values.message.trim() === '' && !isSending.current ? undefined : replyError(values.message),
  });
  const reply = useTicketChange('admin/replyToTicket');
  const [announcement, setAnnouncement] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    isSending.current = true;
    const isValid = form.validateAll();
    isSending.current = false;
    if (!isValid) return;
    reply.mutate(
      { ticketId: ticket.id, message: form.getValues().message.trim() },
      {
        onSuccess: () => {
          form.reset();
          setAnnouncement(`Reply sent and mailed to ${ticket.customerEmail}.`);
          form.focus('message');
        },
      },
    );
  };

  const failure = reply.error ? toFormError(reply.error) : null;
  const length = form.values.message.trim().length;
  return (
    <TicketReplyForm
      label="Reply to the customer"
      rows={6}
      note="The customer is mailed the reply, signed by the support team."
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
