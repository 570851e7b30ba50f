import { BRAND_NAME } from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import type { UserRow } from '@everdeal/db';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

type TicketFacts = { id: string; number: number; subject: string; orderId: string | null };

/**
 * The mail to SUPPORT_EMAIL for each customer message (decision 009). The team answers in the
 * admin inbox, which the button opens (the answer lands in the thread and is mailed from there);
 * Reply-To stays the customer for a quick word by mail.
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
        action: { label: 'Answer in the admin inbox', url: `${brand.publicUrl}/admin/tickets/${ticket.id}` },
      },
      brand,
    ),
  };
}
