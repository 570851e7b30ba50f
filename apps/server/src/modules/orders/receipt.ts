import { BRAND_NAME, formatMoney, type Order, type OrderItem } from '@everdeal/contracts';
import { cardName } from '@everdeal/contracts/card';
import { type Db, orders, users } from '@everdeal/db';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { preparedPerDatabase } from '../../lib/prepared';
import { loadOrderView } from './orders.service';
import type { Recipient } from './orders.sql';

export type ReceiptDeps = { db: Db; now: () => Date; mailer: Mailer; brand: MailBrand; log: FastifyBaseLogger };

/** A receipt not sent this long after payment is sent by the reconciliation job (a crash, a failed delivery). */
export const RECEIPT_RETRY_AFTER_MS = 60_000;
const RECEIPT_BATCH = 50;

/** The order item page (requirements §2), where the buyer manages the item. */
export const orderItemUrl = (publicUrl: string, orderId: string, itemId: string) =>
  `${publicUrl}/order/${orderId}/${itemId}`;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "$9/month", "$90/year" for a subscription, the plain price otherwise. */
function priceLine(item: OrderItem): string {
  const per = item.planKind === 'subscription' && item.billingInterval ? `/${item.billingInterval}` : '';
  const each = `${formatMoney(item.price, item.currency)}${per}`;
  return item.quantity > 1 ? `${formatMoney(item.amount, item.currency)}${per} (${each} each)` : each;
}

/** A subscription says when it renews and how to stop it; a lifetime deal says nothing more. */
function renewalLines(item: OrderItem): string[] {
  if (item.planKind !== 'subscription') return [];
  const renews = item.nextRenewalAt ?? item.currentPeriodEnd;
  return [
    ...(renews && !item.cancelAtPeriodEnd ? [`Renews automatically on ${dateFormat.format(new Date(renews))}`] : []),
    'Cancel at any time on the item’s page (link below); it then runs to the end of the paid period.',
  ];
}

/** Requirements §16 "The mails the store sends": the receipt names the order, each code, and a link to each item's page. */
export function receiptMail(order: Order, to: Recipient, brand: MailBrand): MailMessage {
  const ordersUrl = `${brand.publicUrl}/user/orders`;
  const paidAt = order.paidAt ? new Date(order.paidAt) : new Date(order.createdAt);
  const card = order.payment ? ` with ${cardName(order.payment)}` : '';
  return {
    to: to.email,
    subject: `Your ${BRAND_NAME} receipt for order ${order.id.slice(0, 8).toUpperCase()}`,
    link: ordersUrl,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `Thank you for your order of ${dateFormat.format(paidAt)} (order ${order.id}). You paid ${formatMoney(order.total, order.currency)}${card}.`,
          'Your license codes are below. Redeem each one on the seller’s site; the link under each item opens its page, with the redemption link and your refund deadline.',
        ],
        sections: order.items.map((item) => ({
          title: `${item.productName}: ${item.planName} × ${item.quantity}`,
          lines: [
            priceLine(item),
            ...renewalLines(item),
            item.refundableUntil
              ? `Refundable until ${dateFormat.format(new Date(item.refundableUntil))}`
              : 'This deal takes no refunds',
          ],
          codes: item.codes.map((code) => code.code),
          link: { label: 'Open this item', url: orderItemUrl(brand.publicUrl, order.id, item.id) },
        })),
        action: { label: 'View your orders', url: ordersUrl },
        afterAction: ['Keep this mail: it is your receipt.'],
      },
      brand,
    ),
  };
}

/** One statement per paid order, so prepared once per database (lib/prepared.ts). */
export const claimReceipt = preparedPerDatabase((db) =>
  db
    .update(orders)
    .set({ receiptSentAt: sql`${sql.placeholder('at')}::timestamptz` })
    .from(users)
    .where(
      and(
        eq(orders.id, sql.placeholder('orderId')),
        eq(orders.status, 'paid'),
        isNull(orders.receiptSentAt),
        eq(users.id, orders.userId),
      ),
    )
    .returning({ email: users.email, firstName: users.firstName })
    .prepare('receipt_claim'),
);

/**
 * Sends a receipt in the background. Its order is already marked sent (by the settlement or by
 * `claimReceipt`), so no one else sends it too; a failed delivery takes the mark back, so the
 * reconciliation job tries again.
 */
export function sendReceipt(deps: ReceiptDeps, order: Order, recipient: Recipient): void {
  deps.mailer.sendInBackground(receiptMail(order, recipient, deps.brand), async () => {
    await deps.db.update(orders).set({ receiptSentAt: null }).where(eq(orders.id, order.id));
  });
}

/** Claims a paid order's unsent receipt and sends it; nothing when someone else claimed it. */
export async function deliverReceipt(deps: ReceiptDeps, orderId: string): Promise<void> {
  const [recipient] = await claimReceipt(deps.db).execute({ orderId, at: deps.now().toISOString() });
  if (recipient) sendReceipt(deps, await loadOrderView(deps.db, orderId), recipient);
}

/** The reconciliation job's part: receipts of paid orders that nobody sent. */
export async function sendDueReceipts(deps: ReceiptDeps): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.receiptSentAt),
        lt(orders.paidAt, sql`${new Date(deps.now().getTime() - RECEIPT_RETRY_AFTER_MS).toISOString()}::timestamptz`),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(RECEIPT_BATCH);
  for (const { id } of due) await deliverReceipt(deps, id);
  return due.length;
}
