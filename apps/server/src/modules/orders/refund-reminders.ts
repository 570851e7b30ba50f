/**
 * Refund-window reminders (docs/requirements.md "The mails the store sends"):
 * 7 days and 1 day before an active item's refund deadline, one mail each, through the outbox
 * (decision 029). The job finds the items due and queues each mail with its own key, so two
 * rounds at once, or a round after a crash, never mail one reminder twice.
 */
import { BRAND_NAME, formatMoney, type ItemRefundMoney } from '@everdeal/contracts';
import { type Db, mailOutbox, notificationSettings, orderItems, orders, users } from '@everdeal/db';
import { and, asc, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { greetingFor, type MailBrand, mailDateTime, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { type NotificationParts, notificationParts, type Outbox, queueMail } from '../mail';
import { parseItemMoneyFacts, refundMoneyOf } from './order-money';
import { itemMoneyFacts } from './order-money.sql';
import { orderItemUrl } from './receipt';

export type RefundReminderDeps = { db: Db; now: () => Date; brand: MailBrand; log: FastifyBaseLogger; outbox: Outbox };

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const ROUND_BATCH = 100;

/** The two reminders, the earlier first. */
const REFUND_REMINDERS = [
  { name: '7d', leadDays: 7 },
  { name: '1d', leadDays: 1 },
] as const;
type RefundReminder = (typeof REFUND_REMINDERS)[number];

/** The outbox key of one reminder of one item, `refund-reminder:7d:<itemId>`, without the id. */
const keyPrefix = (reminder: RefundReminder) => `refund-reminder:${reminder.name}:`;

/** "7 days", "3 days" or, within two days, "24 hours", "5 hours": what is left, to the nearest unit. */
function timeLeft(leftMs: number): string {
  if (leftMs >= 2 * DAY_MS - HOUR_MS / 2) return `${Math.round(leftMs / DAY_MS)} days`;
  const hours = Math.max(1, Math.round(leftMs / HOUR_MS));
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

type DueItem = {
  itemId: string;
  orderId: string;
  userId: string;
  email: string;
  firstName: string | null;
  productName: string;
  planName: string;
  quantity: number;
  /** What a refund returns now, from the item's money rows, as its page says (decision 010). */
  refund: ItemRefundMoney;
  currency: string;
  refundableUntil: Date;
};

/** "$82.11 (VAT included)", and the part that returns as store credit when there is one (decision 030). */
function refundWords({ cardCents, creditCents, taxCents }: ItemRefundMoney, currency: string): string {
  const total = `${formatMoney(cardCents + creditCents, currency)}${taxCents > 0 ? ' (VAT included)' : ''}`;
  if (creditCents === 0) return total;
  return `${total}, of which ${formatMoney(creditCents, currency)} you paid with store credit returns as credit`;
}

function refundReminderMail(item: DueItem, leftMs: number, parts: NotificationParts, brand: MailBrand): MailMessage {
  const deadline = mailDateTime(item.refundableUntil);
  const left = timeLeft(leftMs);
  const what = `${item.productName} ${item.planName}`;
  const url = orderItemUrl(brand.publicUrl, item.orderId, item.itemId);
  const amount = refundWords(item.refund, item.currency);
  return {
    to: item.email,
    subject: `Your refund window for ${what} closes in ${left}`,
    link: url,
    headers: parts.headers,
    ...renderMail(
      {
        greeting: greetingFor(item.firstName),
        paragraphs: [
          `Your refund window for ${what} closes in ${left}, on ${deadline}.`,
          `If the deal is not what you hoped for, you can still ask for a full refund on the item’s page until then: ${amount}. After the deadline the purchase is final.`,
        ],
        sections: [
          {
            title: `${item.productName}: ${item.planName}${item.quantity > 1 ? ` × ${item.quantity}` : ''}`,
            lines: [`A refund returns: ${amount}`, `Refundable until ${deadline}`],
            link: { label: 'Open this item', url },
          },
        ],
        action: { label: 'Review your purchase', url },
        afterAction: [
          `Happy with it? Then there is nothing to do: enjoy your deal, and thank you for shopping at ${BRAND_NAME}.`,
        ],
        unsubscribe: parts.unsubscribe,
      },
      brand,
    ),
  };
}

/**
 * Active items in the stage of `reminder` without its mail queued: the 7-day one from 7 days
 * before the deadline until 1 day before (a round after downtime with 3 days left still sends
 * it, saying 3 days; with a day left it sends the 1-day one instead), the 1-day one from then to
 * the deadline, nothing after. A refunded, canceled or ended item is never `active`. People who
 * turned reminders off are left out here, so they never fill a round's batch.
 *
 * The deadline range is read through `order_items_refund_reminder_idx` (active items by
 * `refundable_until`), so a round reads only the items whose reminder is due.
 */
async function dueItems(db: Db, at: Date, reminder: RefundReminder): Promise<DueItem[]> {
  const lowerLeft = reminder.name === '7d' ? DAY_MS : 0;
  const shortestWindow = reminder.leadDays + 1;
  const rows = await db
    .select({
      itemId: orderItems.id,
      orderId: orderItems.orderId,
      userId: orders.userId,
      email: users.email,
      firstName: users.firstName,
      productName: orderItems.productName,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
      paidWithCreditCents: orderItems.paidWithCreditCents,
      money: itemMoneyFacts(orderItems.id),
      currency: orderItems.currency,
      refundableUntil: orderItems.refundableUntil,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orderItems.status, 'active'),
        // A claimed gift or transfer is nobody's to refund (decision 043): its giver is not reminded.
        isNull(orderItems.holderId),
        // A lead longer than the whole window would arrive with the purchase (a 5-day window gets
        // only the 1-day reminder).
        sql`${orderItems.refundWindowDays} >= ${shortestWindow}`,
        gt(orderItems.refundableUntil, new Date(at.getTime() + lowerLeft)),
        lte(orderItems.refundableUntil, new Date(at.getTime() + reminder.leadDays * DAY_MS)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationSettings)
            .where(
              and(eq(notificationSettings.userId, orders.userId), eq(notificationSettings.refundReminders, false)),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailOutbox)
            .where(eq(mailOutbox.key, sql`${keyPrefix(reminder)} || ${orderItems.id}::text`)),
        ),
      ),
    )
    .orderBy(asc(orderItems.refundableUntil))
    .limit(ROUND_BATCH);
  return rows.flatMap(({ refundableUntil, paidWithCreditCents, money, ...row }) => {
    const refund = refundMoneyOf({ status: 'active', paidWithCreditCents }, parseItemMoneyFacts(money));
    return refundableUntil && refund ? [{ ...row, refund, refundableUntil }] : [];
  });
}

/**
 * One round of the `refund-reminders` job: queues the reminders that are due, each in its own
 * transaction with its unsubscribe token, and delivers them. Answers how many it queued.
 */
export async function sendRefundReminders(deps: RefundReminderDeps): Promise<number> {
  const at = deps.now();
  let queued = 0;
  for (const reminder of REFUND_REMINDERS) {
    // Batch after batch (a round after downtime may find many), until one is short or queues
    // nothing (everyone in it turned reminders off since the scan).
    for (;;) {
      const items = await dueItems(deps.db, at, reminder);
      let queuedNow = 0;
      for (const item of items) queuedNow += await queueReminder(deps, reminder, item, at);
      queued += queuedNow;
      if (items.length < ROUND_BATCH || queuedNow === 0) break;
    }
  }
  return queued;
}

/** Queues one reminder with its unsubscribe token in one transaction, then delivers it. */
async function queueReminder(deps: RefundReminderDeps, reminder: RefundReminder, item: DueItem, at: Date) {
  const ids = await deps.db.transaction(async (tx) => {
    const parts = await notificationParts(tx, { userId: item.userId, topic: 'refundReminders' }, deps.brand);
    // Turned off since the scan: nothing is queued.
    if (!parts) return [];
    return queueMail(
      tx,
      [
        {
          key: `${keyPrefix(reminder)}${item.itemId}`,
          kind: 'refund-reminder',
          to: item.email,
          userId: item.userId,
          message: refundReminderMail(item, item.refundableUntil.getTime() - at.getTime(), parts, deps.brand),
        },
      ],
      at,
    );
  });
  deps.outbox.deliver(ids);
  return ids.length;
}
