import { BRAND_NAME, formatMoney, type Order, type OrderItem, REVERSE_CHARGE_NOTE } from '@everdeal/contracts';
import { paidWith } from '@everdeal/contracts/card';
import { type Db, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import type { Outbox } from '../mail';
import { addClaimMailRenderer } from './gift-mail';
import { loadOrderView } from './orders.service';
import type { Recipient } from './settle.sql';

/** The order item page (requirements §2), where the buyer manages the item. */
export const orderItemUrl = (publicUrl: string, orderId: string, itemId: string) =>
  `${publicUrl}/order/${orderId}/${itemId}`;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The coupon's share of the line (decision 040): the table check makes `amount` price × quantity less it. */
const couponShareOf = (item: OrderItem) => item.price * item.quantity - item.amount;

/**
 * What the line was charged ("$9/month" for a subscription), and how the unit price came to it:
 * "$80 ($100 less coupon discount $20)", "$160 (2 × $100 less coupon discount $40)", "$200 ($100
 * each)". The charged figure leads so the lines add up to the order's price and what was paid.
 */
function priceLine(item: OrderItem): string {
  const per = item.planKind === 'subscription' && item.billingInterval ? `/${item.billingInterval}` : '';
  const money = (cents: number) => `${formatMoney(cents, item.currency)}${per}`;
  const coupon = couponShareOf(item);
  if (coupon > 0) {
    const listed = item.quantity > 1 ? `${item.quantity} × ${money(item.price)}` : money(item.price);
    return `${money(item.amount)} (${listed} less coupon discount ${formatMoney(coupon, item.currency)})`;
  }
  return item.quantity > 1 ? `${money(item.amount)} (${money(item.price)} each)` : money(item.amount);
}

/**
 * The coupon's line (decision 040), in the invoice's words: what it took off the items, ending at
 * the price the VAT line starts from. Nothing for an order without a coupon.
 */
export function couponLines(order: Order): string[] {
  const off = order.items.reduce((sum, item) => sum + couponShareOf(item), 0);
  if (off <= 0) return [];
  return [
    `Items ${formatMoney(order.total + off, order.currency)} − coupon discount ${formatMoney(off, order.currency)} = ${formatMoney(order.total, order.currency)}.`,
  ];
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

/**
 * The order's VAT line (decision 037): the rate and amount on top of the price, or the reverse
 * charge's legal note; nothing for an order without VAT.
 */
export function taxLines(order: Order): string[] {
  if (order.taxReverseCharge) return [`VAT 0%: ${REVERSE_CHARGE_NOTE}.`];
  if (order.taxCents === 0) return [];
  return [
    `Price ${formatMoney(order.total, order.currency)} + VAT ${order.taxRate}% ${formatMoney(order.taxCents, order.currency)} = ${formatMoney(order.totalWithTaxCents, order.currency)}.`,
  ];
}

/** Requirements §16 "The mails the store sends": the receipt names the order, each code, and a link to each item's page. */
export function receiptMail(order: Order, to: Recipient, brand: MailBrand): MailMessage {
  const ordersUrl = `${brand.publicUrl}/user/orders`;
  const paidAt = order.paidAt ? new Date(order.paidAt) : new Date(order.createdAt);
  return {
    to: to.email,
    subject: `Your ${BRAND_NAME} receipt for order ${order.id.slice(0, 8).toUpperCase()}`,
    link: ordersUrl,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `Thank you for your order of ${dateFormat.format(paidAt)} (order ${order.id}). You paid ${paidWith(order)}.`,
          ...couponLines(order),
          ...taxLines(order),
          order.items.some((item) => item.transfer?.kind === 'gift')
            ? `This order is a gift for ${order.items[0]?.transfer?.toEmail ?? 'someone'}: we mailed them a link to claim it, and its license codes are theirs. The link under each item shows whether it was claimed; you can refund it until then.`
            : 'Your license codes are below. Redeem each one on the seller’s site; the link under each item opens its page, with the redemption link and your refund deadline.',
        ],
        sections: order.items.map((item) => ({
          title: `${item.productName}: ${item.planName} × ${item.quantity}`,
          lines: [
            priceLine(item),
            // Decision 042: a sale price says what the sale took off.
            ...(item.saleDiscount > 0 ? [`Sale price: ${formatMoney(item.saleDiscount, item.currency)} off`] : []),
            ...renewalLines(item),
            item.refundableUntil
              ? `Refundable until ${dateFormat.format(new Date(item.refundableUntil))}`
              : 'This deal takes no refunds',
          ],
          codes: item.codes.map((code) => code.code),
          link: { label: 'Open this item', url: orderItemUrl(brand.publicUrl, order.id, item.id) },
        })),
        action: { label: order.invoiceNumber ? 'View your orders and invoice' : 'View your orders', url: ordersUrl },
        // The PDF needs the signed-in session (decision 038), so the mail links to the page that downloads it.
        afterAction: [
          ...(order.invoiceNumber
            ? [`Your invoice ${order.invoiceNumber} is on your orders page: "Download invoice (PDF)".`]
            : []),
          'Keep this mail: it is your receipt.',
        ],
      },
      brand,
    ),
  };
}

/** What the settlement statement (settle.sql.ts) puts in a receipt's outbox row. */
type OrderMailPayload = { orderId: string };

function orderIdOf(payload: unknown): string {
  const orderId = (payload as Partial<OrderMailPayload> | null)?.orderId;
  if (typeof orderId !== 'string') throw new Error('an order mail without its order id');
  return orderId;
}

/**
 * How the outbox renders the mail the orders module queues by payload (decision 029): the
 * receipt, from the order as it is when the mail goes out (a request that holds the order it just
 * paid for hands its rendering to `deliver` instead). Wired in app.ts.
 */
export function addOrderMailRenderers(outbox: Outbox, deps: { db: Db; brand: MailBrand; now: () => Date }): void {
  // A gift's or transfer's claim link (decision 043).
  addClaimMailRenderer(outbox, deps);
  outbox.addRenderer('receipt', async (payload, recipient) => {
    const [order, [buyer]] = await Promise.all([
      loadOrderView(deps.db, orderIdOf(payload)),
      recipient.userId
        ? deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, recipient.userId))
        : Promise.resolve([]),
    ]);
    return receiptMail(order, { email: recipient.to, firstName: buyer?.firstName ?? '' }, deps.brand);
  });
}
