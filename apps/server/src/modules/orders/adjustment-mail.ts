/**
 * Mails about a bought item after the purchase (decision 010): a refund went through, a renewal
 * failed and will be tried again, a subscription was canceled, a subscription ended. Each is
 * queued in the outbox in the transaction of the change it tells of (decision 029), keyed by that
 * change, and delivered once it has committed. Transactional mail: no unsubscribe.
 */
import { BRAND_NAME, formatMoney, type RefundDestination } from '@everdeal/contracts';
import { USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { orderItems, orders, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { queueMail } from '../mail';
import type { Tx } from './adjustments.sql';
import { orderItemUrl } from './receipt';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const formatDate = (at: Date) => dateFormat.format(at);

type ItemFacts = {
  userId: string;
  email: string;
  firstName: string;
  orderId: string;
  itemId: string;
  productName: string;
  planName: string;
  currency: string;
};

async function itemFacts(tx: Tx, itemId: string): Promise<ItemFacts | undefined> {
  const [row] = await tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      orderId: orderItems.orderId,
      itemId: orderItems.id,
      productName: orderItems.productName,
      planName: orderItems.planName,
      currency: orderItems.currency,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orderItems.id, itemId))
    .limit(1);
  return row;
}

/** The mail's button: the item's page, unless the mail is about somewhere else (the store credit). */
type MailAction = { label: string; url: string };

function itemMail(
  facts: ItemFacts,
  brand: MailBrand,
  subject: string,
  paragraphs: string[],
  action: MailAction = { label: 'Open this item', url: orderItemUrl(brand.publicUrl, facts.orderId, facts.itemId) },
): MailMessage {
  return {
    to: facts.email,
    subject,
    link: action.url,
    ...renderMail(
      {
        greeting: greetingFor(facts.firstName),
        paragraphs,
        action,
      },
      brand,
    ),
  };
}

export type ItemMailEvent =
  | {
      kind: 'refunded';
      /** What went to `to`; a refund to the card names the part paid with credit apart (decision 030). */
      amountCents: number;
      to: RefundDestination;
      creditCents?: number;
    }
  | { kind: 'renewal_failed'; amountCents: number; reason: string; nextAttemptAt: Date }
  | { kind: 'subscription_canceled'; endsAt: Date }
  | { kind: 'subscription_ended'; reason: 'canceled' | 'unpaid' };

/** The mail of one event, addressed to the item's buyer. */
export function itemEventMail(facts: ItemFacts, event: ItemMailEvent, brand: MailBrand): MailMessage {
  const item = `${facts.productName} (${facts.planName})`;
  switch (event.kind) {
    case 'refunded':
      if (event.to === 'credit') {
        // Decision 030: the credit is there at once; the page shows the balance and the movement.
        return itemMail(
          facts,
          brand,
          `Your ${BRAND_NAME} refund for ${facts.productName}`,
          [
            `We refunded ${formatMoney(event.amountCents, facts.currency)} for ${item}: it was added to your store credit, at once. Store credit never expires.`,
            'The license codes of this item are revoked: the seller no longer accepts them.',
          ],
          { label: 'See your store credit', url: `${brand.publicUrl}${USER_CREDIT_PATH}` },
        );
      }
      return itemMail(facts, brand, `Your ${BRAND_NAME} refund for ${facts.productName}`, [
        `We refunded ${formatMoney(event.amountCents, facts.currency)} for ${item} to the card you paid with. Depending on your bank it shows on your statement within 5 to 10 days.`,
        ...(event.creditCents
          ? [
              `The ${formatMoney(event.creditCents, facts.currency)} you paid with store credit was added back to your store credit, at once.`,
            ]
          : []),
        'The license codes of this item are revoked: the seller no longer accepts them.',
      ]);
    case 'renewal_failed':
      return itemMail(facts, brand, `Your ${facts.productName} subscription could not be renewed`, [
        `We could not charge ${formatMoney(event.amountCents, facts.currency)} to renew ${item}: ${event.reason}`,
        `We will try again on ${formatDate(event.nextAttemptAt)}. Your codes keep working until then; add or choose another card in your payment methods if this one no longer works.`,
      ]);
    case 'subscription_canceled':
      return itemMail(facts, brand, `Your ${facts.productName} subscription is canceled`, [
        `You canceled ${item}. It will not renew and you will not be charged again.`,
        `Your license codes keep working until ${formatDate(event.endsAt)}, the end of the period you paid for. Changed your mind? Resume the subscription on the item's page before that date and it renews as before.`,
      ]);
    case 'subscription_ended':
      return itemMail(
        facts,
        brand,
        `Your ${facts.productName} subscription has ended`,
        event.reason === 'canceled'
          ? [
              `Your subscription to ${item} ended at the end of its paid period, as you asked. Its license codes are revoked.`,
            ]
          : [
              `We could not renew ${item} after several attempts, so the subscription has ended and its license codes are revoked.`,
              'You can buy the deal again from its product page.',
            ],
      );
  }
}

/**
 * Queues the event's mail to the item's buyer in `tx`, the transaction of the change; `eventId`
 * names that change (the adjustment, or the item and moment), so it is mailed once. Answers the
 * row's id for `Outbox.deliver` after commit.
 */
export async function queueItemMail(
  tx: Tx,
  brand: MailBrand,
  item: { id: string; eventId: string },
  event: ItemMailEvent,
  at: Date,
): Promise<string[]> {
  const facts = await itemFacts(tx, item.id);
  if (!facts) return [];
  const mail = itemEventMail(facts, event, brand);
  return queueMail(
    tx,
    [
      {
        key: `item-event:${event.kind}:${item.eventId}`,
        kind: `item-${event.kind}`,
        to: facts.email,
        userId: facts.userId,
        message: mail,
      },
    ],
    at,
  );
}
