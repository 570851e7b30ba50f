import { TICKET_MESSAGE_MAX } from '@everdeal/contracts/content-messages';
import { SUPPORT_PATH, supportTicketPath } from '@everdeal/contracts/paths';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { formatCount } from '~/lib/format-count';
import { useForm } from '~/lib/use-form';
import { useCreateTicket } from '../api/tickets';
import { type TicketField, ticketFieldError } from '../support-rules';
import { type OrderChoice, OrderPicker } from './order-picker';

export interface NewTicketFormProps {
  /** From a link on an order page (`?orderId=`), or empty. */
  initialOrderId: string;
  initialSubject: string;
  /** The shopper's orders to pick from (the route brings them from the orders feature). */
  orderChoices: OrderChoice[] | undefined;
}

/**
 * `support/createTicket`: subject, optional order (one of the shopper's own, picked from a list)
 * and the message. On success the thread opens, with the ticket's number.
 */
export function NewTicketForm({ initialOrderId, initialSubject, orderChoices }: NewTicketFormProps) {
  const form = useForm<TicketField>({
    initialValues: { subject: initialSubject, orderId: initialOrderId, message: '' },
    validate: ticketFieldError,
  });
  const create = useCreateTicket();
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || isLeaving || !form.validateAll()) return;
    const { subject, orderId, message } = form.getValues();
    create.mutate(
      { subject: subject.trim(), orderId: orderId.trim() || undefined, message: message.trim() },
      {
        onSuccess: ({ ticket }) => {
          setIsLeaving(true);
          toast.success(`Ticket #${ticket.number} sent. We reply by e-mail and here.`);
          navigate(supportTicketPath(ticket.id));
        },
      },
    );
  };

  const failure = create.error ? toFormError(create.error) : null;
  const messageLength = form.values.message.trim().length;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="new-ticket-title" className="space-y-5">
      <h1 id="new-ticket-title" className="font-bold text-2xl text-ink-900 tracking-tight sm:text-3xl">
        New support ticket
      </h1>
      <TextField label="Subject" placeholder="e.g. My code says it was already redeemed" {...form.field('subject')} />
      <OrderPicker
        choices={orderChoices}
        value={form.values.orderId}
        onChange={(orderId) => form.setValue('orderId', orderId)}
        error={form.errors.orderId}
      />
      <TextAreaField
        label="Message"
        rows={8}
        placeholder="What happened, what you expected, and anything you already tried."
        hint={
          <span className={messageLength > TICKET_MESSAGE_MAX ? 'font-medium text-red-600' : undefined}>
            {formatCount(messageLength)} of {formatCount(TICKET_MESSAGE_MAX)} characters
          </span>
        }
        {...form.field('message')}
      />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={SUPPORT_PATH} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Cancel
        </Link>
        <Button type="submit" size="lg" isLoading={create.isPending || isLeaving}>
          Send ticket
        </Button>
      </div>
    </form>
  );
}
