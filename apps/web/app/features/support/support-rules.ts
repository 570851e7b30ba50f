import {
  SupportMessage,
  TICKET_MESSAGE_MAX,
  TICKET_ORDER_ID_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
} from '@everdeal/contracts/content-messages';
import { textError } from '~/lib/field-rules';

export type TicketField = 'subject' | 'orderId' | 'message';

const ORDER_ID = /^[A-Za-z0-9-]*$/;

/** A ticket message or reply: required, at most 5000 characters (contracts SupportMessage). */
export function ticketMessageError(value: string): string | undefined {
  return textError(value, {
    required: SupportMessage.messageRequired,
    max: { length: TICKET_MESSAGE_MAX, message: SupportMessage.messageTooLong },
  });
}

/** The new-ticket form's checks, in the words of the server's schema (CreateTicketInputSchema). */
export function ticketFieldError(name: TicketField, values: Readonly<Record<TicketField, string>>) {
  switch (name) {
    case 'subject':
      return textError(values.subject.replace(/\s+/g, ' '), {
        required: SupportMessage.subjectRequired,
        min: { length: TICKET_SUBJECT_MIN, message: SupportMessage.subjectTooShort },
        max: { length: TICKET_SUBJECT_MAX, message: SupportMessage.subjectTooLong },
      });
    case 'orderId': {
      const orderId = values.orderId.trim();
      return orderId.length > TICKET_ORDER_ID_MAX || !ORDER_ID.test(orderId)
        ? SupportMessage.orderIdInvalid
        : undefined;
    }
    case 'message':
      return ticketMessageError(values.message);
  }
}

/** `?orderId=` of a link from an order page, kept only when it can be one. */
export function requestedOrderId(params: URLSearchParams): string {
  const orderId = (params.get('orderId') ?? '').trim();
  return orderId.length <= TICKET_ORDER_ID_MAX && ORDER_ID.test(orderId) ? orderId : '';
}

/** A ticket id is a UUID; any other path segment cannot name one (the page answers 404 at once). */
export function isTicketId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
