import { BRAND_NAME, supportTicketPath } from '@everdeal/contracts';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

// What the customer hears about their ticket (decision 009): that it arrived, and each answer of
// the team, with a link to the thread, where they reply. Queued with the change (decision 029);
// no unsubscribe link: both answer something the customer did.

type TicketFacts = { id: string; number: number; subject: string };
type Customer = { email: string; firstName: string };

/** How long the team takes to answer, as promised in the acknowledgement (docs/requirements.md §14). */
export const TICKET_ANSWER_PROMISE = 'within one business day';

const greeting = (to: Customer) => (to.firstName ? `Hi ${to.firstName},` : 'Hi,');
const ticketLink = (ticket: TicketFacts, brand: MailBrand) => `${brand.publicUrl}${supportTicketPath(ticket.id)}`;

/** The acknowledgement of a new ticket. */
export function ticketReceivedMail(to: Customer, ticket: TicketFacts, brand: MailBrand): MailMessage {
  const link = ticketLink(ticket, brand);
  return {
    to: to.email,
    subject: `We received your ticket #${ticket.number}: ${ticket.subject}`,
    link,
    ...renderMail(
      {
        greeting: greeting(to),
        paragraphs: [
          `Thanks for writing to ${BRAND_NAME} support. Your ticket #${ticket.number} “${ticket.subject}” is with our team.`,
          `We answer ${TICKET_ANSWER_PROMISE}; you will get a mail as soon as we do.`,
        ],
        action: { label: 'Open your ticket', url: link },
        afterAction: ['To add details, write in the ticket: every message there reaches the team.'],
      },
      brand,
    ),
  };
}

/** A staff answer: the message itself, signed by the team, never by the admin's address. */
export function ticketAnsweredMail(to: Customer, ticket: TicketFacts, message: string, brand: MailBrand): MailMessage {
  const link = ticketLink(ticket, brand);
  return {
    to: to.email,
    subject: `Re: [Ticket #${ticket.number}] ${ticket.subject}`,
    link,
    ...renderMail(
      {
        greeting: greeting(to),
        paragraphs: [`${BRAND_NAME} support answered your ticket #${ticket.number} “${ticket.subject}”:`],
        quote: message,
        action: { label: 'Open your ticket to reply', url: link },
        afterAction: ['If this solves it, you can close the ticket on its page; if not, reply there.'],
      },
      brand,
    ),
  };
}
