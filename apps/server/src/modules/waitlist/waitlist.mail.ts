import { BRAND_NAME, formatMoney } from '@everdeal/contracts';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

/** The POST endpoint RFC 8058 mail clients call for one-click unsubscribe (waitlist.routes.ts). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/waitlist/unsubscribe/one-click';
/** The page a person reaches from the link in the mail's footer (the web app's). */
export const UNSUBSCRIBE_PAGE_PATH = '/waitlist/unsubscribe';

const LIST_REASON = `You get this mail because this address joined the ${BRAND_NAME} waitlist.`;

/** The footer link and the RFC 8058 headers, both carrying this mail's own token. */
function unsubscribeParts(token: string, brand: MailBrand) {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    unsubscribe: { reason: LIST_REASON, url: `${brand.publicUrl}${UNSUBSCRIBE_PAGE_PATH}${query}` },
    headers: {
      'List-Unsubscribe': `<${brand.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

export function waitlistConfirmationMail(
  to: string,
  interestNames: string[],
  token: string,
  brand: MailBrand,
): MailMessage {
  const { unsubscribe, headers } = unsubscribeParts(token, brand);
  const scope =
    interestNames.length > 0
      ? `a new lifetime deal goes live in ${listFormat.format(interestNames)}`
      : 'a new lifetime deal goes live, in any category';
  const link = `${brand.publicUrl}/`;
  return {
    to,
    subject: `You are on the ${BRAND_NAME} waitlist`,
    link,
    headers,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          `Thanks for joining the ${BRAND_NAME} waitlist. We will write to you when ${scope}.`,
          'One short mail per deal, nothing else. To change your categories, join again with the same address.',
        ],
        action: { label: 'Browse the live deals', url: link },
        afterAction: ['If you did not ask for this, use the unsubscribe link below and we will not write again.'],
        unsubscribe,
      },
      brand,
    ),
  };
}

export type LiveDeal = {
  productId: number;
  slug: string;
  name: string;
  tagline: string;
  categoryName: string;
  endsAt: Date | null;
  price: { cents: number; originalCents: number; currency: string } | null;
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function dealLiveMail(to: string, deal: LiveDeal, token: string, brand: MailBrand): MailMessage {
  const { unsubscribe, headers } = unsubscribeParts(token, brand);
  const link = `${brand.publicUrl}/products/${encodeURIComponent(deal.slug)}`;
  const price = deal.price
    ? `Plans start at ${formatMoney(deal.price.cents, deal.price.currency)}` +
      (deal.price.originalCents > deal.price.cents
        ? ` instead of ${formatMoney(deal.price.originalCents, deal.price.currency)}.`
        : '.')
    : undefined;
  return {
    to,
    subject: `New on ${BRAND_NAME}: ${deal.name} is live`,
    link,
    headers,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          `${deal.name} just went live in ${deal.categoryName}: ${deal.tagline.replace(/[.!]+$/, '')}.`,
          ...(price ? [price] : []),
          ...(deal.endsAt ? [`The deal ends on ${dateFormat.format(deal.endsAt)} (UTC).`] : []),
        ],
        action: { label: `See the ${deal.name} deal`, url: link },
        afterAction: ['You get one mail per new deal in the categories you chose.'],
        unsubscribe,
      },
      brand,
    ),
  };
}
