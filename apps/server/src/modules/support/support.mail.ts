import { BRAND_NAME } from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import type { UserRow } from '@everdeal/db';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

type TicketFacts = { number: number; subject: string; orderId: string | null };

/**
 * The mail to SUPPORT_EMAIL for each customer message (issue 14). Until staff can answer in the
 * admin area (issue 13), the team answers by mail: Reply-To is the customer.
 */
export function ticketMessageMail(
  kind: 'created' | 'reply',
  ticket: TicketFacts,
  author: Pick<UserRow, 'email' | 'firstName' | 'lastName'>,
  message: string,
  brand: MailBrand,
): MailMessage {
  const name = displayName(author);
  return {
    to: brand.supportEmail,
    subject: `[Ticket #${ticket.number}] ${ticket.subject}`,
    replyTo: { name, address: author.email },
    ...renderMail(
      {
        greeting:
          kind === 'created'
            ? `New ${BRAND_NAME} support ticket #${ticket.number} from ${name} <${author.email}>.`
            : `${name} <${author.email}> replied on ticket #${ticket.number}.`,
        paragraphs: [`Subject: ${ticket.subject}`, `Order: ${ticket.orderId ?? '(none)'}`],
        quote: message,
        afterAction: ['Reply to this mail to answer the customer.'],
      },
      brand,
    ),
  };
}
