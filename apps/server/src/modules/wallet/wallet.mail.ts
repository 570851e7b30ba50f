import { BRAND_NAME, formatMoney } from '@everdeal/contracts';
import { USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

/**
 * The mail a shopper gets when an admin grants them store credit (decision 030): transactional,
 * so it has no way to unsubscribe; queued in the grant's transaction through the outbox
 * (decision 029). A correction sends nothing: it is the admin putting a mistake right, and the
 * history shows it with its note.
 */
export function creditGrantedMail(
  to: { email: string; firstName: string },
  grant: { amountCents: number; balanceCents: number; note: string },
  brand: MailBrand,
): MailMessage {
  const link = `${brand.publicUrl}${USER_CREDIT_PATH}`;
  const amount = formatMoney(grant.amountCents);
  return {
    to: to.email,
    subject: `You have ${amount} of ${BRAND_NAME} store credit`,
    link,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `The ${BRAND_NAME} team added ${amount} of store credit to your account. Your balance is now ${formatMoney(grant.balanceCents)}. The team wrote:`,
        ],
        quote: grant.note,
        action: { label: 'See your store credit', url: link },
        afterAction: ['Store credit never expires; 1 credit is 1 cent of a US dollar.'],
      },
      brand,
    ),
  };
}
