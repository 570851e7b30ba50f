import { formatMoney } from '@everdeal/contracts';
import { greetingFor, type MailBrand, type MailSection, mailDateTime, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import type { NotificationParts } from '../mail';

/** One event of the daily wishlist mail, as it stands when the mail is written. */
export type WishlistAlert =
  | {
      kind: 'price_drop';
      product: AlertProduct;
      planName: string;
      oldPriceCents: number;
      newPriceCents: number;
      currency: string;
    }
  | { kind: 'back_in_stock'; product: AlertProduct; planName: string; priceCents: number; currency: string }
  | { kind: 'ending_soon'; product: AlertProduct; endsAt: Date };

type AlertProduct = { name: string; slug: string };

const ends = mailDateTime;

/** The subject says the news itself when there is one, and how many when there are several. */
function subjectOf(alerts: readonly WishlistAlert[]): string {
  const [only] = alerts;
  if (!only || alerts.length > 1) return `${alerts.length} updates on deals in your wishlist`;
  switch (only.kind) {
    case 'price_drop':
      return `Price drop: ${only.product.name} ${only.planName} is now ${formatMoney(only.newPriceCents, only.currency)}`;
    case 'back_in_stock':
      return `Back in stock: ${only.product.name} ${only.planName} has codes again`;
    case 'ending_soon':
      return `Last chance: ${only.product.name} ends ${ends(only.endsAt)}`;
  }
}

function sectionOf(alert: WishlistAlert, brand: MailBrand): MailSection {
  const link = { label: 'See the deal', url: `${brand.publicUrl}/products/${encodeURIComponent(alert.product.slug)}` };
  switch (alert.kind) {
    case 'price_drop':
      return {
        title: `${alert.product.name}: ${alert.planName}`,
        lines: [
          `Price dropped from ${formatMoney(alert.oldPriceCents, alert.currency)} to ${formatMoney(alert.newPriceCents, alert.currency)}.`,
        ],
        link,
      };
    case 'back_in_stock':
      return {
        title: `${alert.product.name}: ${alert.planName}`,
        lines: [`It was sold out; codes are available again at ${formatMoney(alert.priceCents, alert.currency)}.`],
        link,
      };
    case 'ending_soon':
      return {
        title: alert.product.name,
        lines: [`The deal ends on ${ends(alert.endsAt)}. After that it can no longer be bought.`],
        link,
      };
  }
}

/** The daily wishlist mail (decision 029): every event not yet mailed, each with its deal's link. */
export function wishlistAlertMail(
  to: { email: string; firstName: string | null },
  alerts: readonly WishlistAlert[],
  parts: NotificationParts,
  brand: MailBrand,
): MailMessage {
  const wishlistUrl = `${brand.publicUrl}/wishlist`;
  return {
    to: to.email,
    subject: subjectOf(alerts),
    link: wishlistUrl,
    headers: parts.headers,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          alerts.length === 1
            ? 'A deal you saved to your wishlist has news:'
            : 'Deals you saved to your wishlist have news:',
        ],
        sections: alerts.map((alert) => sectionOf(alert, brand)),
        action: { label: 'Open your wishlist', url: wishlistUrl },
        afterAction: ['We send at most one wishlist mail a day: news after this one comes in tomorrow’s mail.'],
        unsubscribe: parts.unsubscribe,
      },
      brand,
    ),
  };
}
