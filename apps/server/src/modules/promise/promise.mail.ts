/**
 * What the lifetime promise's mails say (decision 031). They are about something the person
 * bought, like a receipt (decision 029): they always go out and carry no unsubscribe link. Each is
 * keyed per event and buyer, so a retried request or a second job round never mails anyone twice.
 */
import { BRAND_NAME, formatMoney, productPath } from '@everdeal/contracts';
import { orderItemPath, USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { QueuedMail } from '../mail';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** "March 3, 2027": the date buyers read in mails and on pages. */
export const formatPromiseDate = (at: Date) => dateFormat.format(at);

/** A buyer with their active items of one product. */
export type Buyer = {
  userId: string;
  email: string;
  firstName: string;
  items: { orderId: string; itemId: string; planName: string }[];
};

type Product = { id: number; name: string; slug: string };

const productUrl = (brand: MailBrand, product: Product) => `${brand.publicUrl}${productPath(product.slug)}`;

function itemSections(brand: MailBrand, product: Product, buyer: Buyer) {
  return buyer.items.map((item) => ({
    title: `${product.name}: ${item.planName}`,
    lines: [],
    link: { label: 'Open your purchase', url: `${brand.publicUrl}${orderItemPath(item.orderId, item.itemId)}` },
  }));
}

/**
 * The seller gave notice: the date, their message, and what the promise pays at that date;
 * `credited` is false when, by the payments as they stand, the promise would pay the holder nothing
 * at that date (their purchases cost nothing, or were paid for more than 24 months before it), and
 * then the mail says so instead of promising a credit.
 */
export function sunsetMail(
  brand: MailBrand,
  product: Product,
  buyer: Buyer,
  notice: { sunsetAt: Date; message: string },
  credited: boolean,
): QueuedMail {
  const date = formatPromiseDate(notice.sunsetAt);
  const content = renderMail(
    {
      greeting: greetingFor(buyer.firstName),
      paragraphs: [
        `The seller of ${product.name} will end the deal on ${date}. Until then it keeps working as before; it is no longer sold.`,
        'Their message to you:',
      ],
      quote: notice.message,
      sections: itemSections(brand, product, buyer),
      action: { label: `See ${product.name}`, url: productUrl(brand, product) },
      afterAction: [
        credited
          ? `Your ${BRAND_NAME} lifetime promise: on ${date} you get store credit for each purchase you still hold, 100% of what you paid within the 12 months before that date and 50% within 24 months. The seller funds it; you do not have to do anything.`
          : `Your ${BRAND_NAME} lifetime promise: on ${date} each purchase still held earns store credit of 100% of what was paid for it within the 12 months before that date and 50% within 24 months. What you hold cost nothing or was paid for more than 24 months before ${date}, so as things stand the promise brings you no store credit. A plan change you pay for before then would count.`,
      ],
    },
    brand,
  );
  return {
    key: `sunset:${product.id}:${buyer.userId}`,
    kind: 'lifetime-sunset',
    to: buyer.email,
    userId: buyer.userId,
    message: { to: buyer.email, subject: `${product.name} ends on ${date}: what it means for you`, ...content },
  };
}

/**
 * An admin shut the deal down: why, and that the credit follows (or came) at once; `credited` is
 * false when the promise pays the holder nothing (their purchases cost nothing, or were paid for
 * more than 24 months ago), and then the mail says so instead of promising a credit.
 */
export function shutdownMail(
  brand: MailBrand,
  product: Product,
  buyer: Buyer,
  reason: string,
  credited: boolean,
): QueuedMail {
  const content = renderMail(
    {
      greeting: greetingFor(buyer.firstName),
      paragraphs: [`We have shut down ${product.name} on ${BRAND_NAME}. Our reason:`],
      quote: reason,
      sections: itemSections(brand, product, buyer),
      afterAction: [
        credited
          ? 'Under our lifetime promise you get store credit for each purchase you still hold: 100% of what you paid within the last 12 months, 50% within 24 months. A second mail tells you the amount.'
          : 'Our lifetime promise returns as store credit 100% of what was paid for a purchase within the last 12 months and 50% within 24 months. Nothing was paid for what you hold in that time, so this brings you no store credit.',
      ],
    },
    brand,
  );
  return {
    key: `shutdown:${product.id}:${buyer.userId}`,
    kind: 'lifetime-shutdown',
    to: buyer.email,
    userId: buyer.userId,
    message: {
      to: buyer.email,
      subject: credited
        ? `${product.name} has been shut down: your store credit`
        : `${product.name} has been shut down`,
      ...content,
    },
  };
}

/** The protection was paid: how much, for which purchases, where to spend it. */
export function protectionMail(
  brand: MailBrand,
  product: Product,
  buyer: Pick<Buyer, 'userId' | 'email' | 'firstName'>,
  paid: { orderId: string; itemId: string; planName: string; creditCents: number }[],
  currency: string,
): QueuedMail {
  const total = paid.reduce((sum, item) => sum + item.creditCents, 0);
  const content = renderMail(
    {
      greeting: greetingFor(buyer.firstName),
      paragraphs: [
        `${product.name} has ended. As our lifetime promise says, we added ${formatMoney(total, currency)} of store credit to your ${BRAND_NAME} wallet.`,
        'Store credit never expires and pays for any deal at checkout.',
      ],
      sections: paid.map((item) => ({
        title: `${product.name}: ${item.planName}`,
        lines: [`Store credit: ${formatMoney(item.creditCents, currency)}`],
        link: { label: 'Open your purchase', url: `${brand.publicUrl}${orderItemPath(item.orderId, item.itemId)}` },
      })),
      action: { label: 'See your store credit', url: `${brand.publicUrl}${USER_CREDIT_PATH}` },
    },
    brand,
  );
  const first = paid.map((item) => item.itemId).sort()[0];
  return {
    // Each item is paid once, so the first item of a payment names it.
    key: `protection:${first}`,
    kind: 'lifetime-protection',
    to: buyer.email,
    userId: buyer.userId,
    message: {
      to: buyer.email,
      subject: `${formatMoney(total, currency)} of store credit for ${product.name}`,
      ...content,
    },
  };
}
