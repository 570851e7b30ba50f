import { BRAND_NAME } from '@everdeal/contracts';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

// What the admin area tells people (requirements §13, decision 015): a seller's members hear the
// review of a product, an author hears that a post was hidden or restored. Queued with the
// decision (decision 029). Neither carries an unsubscribe link: the review answers what the
// seller asked for, and a hidden post's notice tells the author why and how to object, which
// they must get whatever their settings.

export type MailRecipient = { email: string; firstName: string };

const greeting = (to: MailRecipient) => greetingFor(to.firstName);

export function productReviewedMail(
  to: MailRecipient,
  product: { id: number; name: string },
  decision: 'approve' | 'reject',
  note: string | null,
  brand: MailBrand,
): MailMessage {
  const link = `${brand.publicUrl}/seller/products/${product.id}`;
  const approved = decision === 'approve';
  return {
    to: to.email,
    subject: approved ? `${product.name} was approved` : `${product.name}: changes requested`,
    link,
    ...renderMail(
      {
        greeting: greeting(to),
        paragraphs: approved
          ? [
              `The ${BRAND_NAME} team approved ${product.name}. It goes live in the store when the team publishes it; we will let buyers know.`,
            ]
          : [`The ${BRAND_NAME} team reviewed ${product.name} and asks for changes before it can go live:`],
        ...(note ? { quote: note } : {}),
        action: { label: 'Open the product', url: link },
        afterAction: approved ? [] : ['Change the product and submit it again when it is ready.'],
      },
      brand,
    ),
  };
}

const kindName = { review: 'review', question: 'question', answer: 'answer', thread: 'discussion thread' } as const;

export function postModeratedMail(
  to: MailRecipient,
  post: { kind: keyof typeof kindName; productName: string; link: string },
  action: 'hide' | 'restore',
  reason: string | null,
  brand: MailBrand,
): MailMessage {
  const what = `Your ${kindName[post.kind]} about ${post.productName}`;
  return {
    to: to.email,
    subject: action === 'hide' ? `${what} was hidden` : `${what} is visible again`,
    link: post.link,
    ...renderMail(
      {
        greeting: greeting(to),
        paragraphs:
          action === 'hide'
            ? [`${what} was hidden by the ${BRAND_NAME} team after a report. The reason:`]
            : [`${what} was reviewed again by the ${BRAND_NAME} team and is visible again.`],
        ...(action === 'hide' && reason ? { quote: reason } : {}),
        action: { label: `Open ${post.productName}`, url: post.link },
        afterAction:
          action === 'hide'
            ? [`If you think this is a mistake, reply to ${brand.supportEmail} and we will look again.`]
            : [],
      },
      brand,
    ),
  };
}
