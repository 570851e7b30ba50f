/**
 * The mail a seller's members get when their deal sells (requirements §13, decision 014). The
 * settlement statement that makes an order paid queues one outbox row per active member of the
 * sellers whose products were bought (orders/settle.sql.ts, decision 029); this renders it when it
 * goes out, from the order as it then is. It is a notification: a member who turned seller
 * activity off gets nothing (the row is skipped), the others get an unsubscribe link.
 */
import { BRAND_NAME, formatMoney, SELLER_SHARE_PERCENT } from '@everdeal/contracts';
import { type Db, orderItems, orders, products, sellerMembers, users } from '@everdeal/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { preparedPerDatabase } from '../../lib/prepared';
import { type NotificationParts, notificationParts, type Outbox } from '../mail';
import { computePayouts, type SaleCharge, type SaleRefund } from './payouts';
import { saleMoney } from './sale-money.sql';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** One bought item of the member's seller, as the mail shows it. */
export type SoldItem = {
  productName: string;
  planName: string;
  quantity: number;
  amountCents: number;
  /** The seller's share as payouts.ts and the sales list (seller-sales-list.ts) count it. */
  shareCents: number;
  currency: string;
  billingInterval: string | null;
  refundableUntil: Date | null;
};

export type Sale = { paidAt: Date; items: SoldItem[] };

/** Never the buyer's address or name: a sale tells the seller what sold and their share. */
export function newSaleMail(
  to: { email: string; firstName: string },
  sale: Sale,
  brand: MailBrand,
  parts?: NotificationParts,
): MailMessage {
  const link = `${brand.publicUrl}/seller/payouts`;
  const first = sale.items[0];
  return {
    to: to.email,
    subject: `New sale: ${first?.productName ?? 'your deal'}`,
    link,
    ...(parts ? { headers: parts.headers } : {}),
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [`You made a sale on ${BRAND_NAME} on ${dateFormat.format(sale.paidAt)}.`],
        sections: sale.items.map((item) => ({
          title: `${item.productName}: ${item.planName} × ${item.quantity}`,
          lines: [
            `Paid: ${formatMoney(item.amountCents, item.currency)}${item.billingInterval ? ` (billed every ${item.billingInterval})` : ''}`,
            `Your share (${SELLER_SHARE_PERCENT}%): ${formatMoney(item.shareCents, item.currency)}${
              item.refundableUntil
                ? `, payable once the refund window closes on ${dateFormat.format(item.refundableUntil)}`
                : ''
            }`,
          ],
        })),
        action: { label: 'See your sales and payouts', url: link },
        ...(parts ? { unsubscribe: parts.unsubscribe } : {}),
      },
      brand,
    ),
  };
}

/** The order's items of every seller the member belongs to, while the member is active. */
const saleStatements = preparedPerDatabase((db) => ({
  itemsForMember: db
    .select({
      id: orderItems.id,
      firstName: users.firstName,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      productName: orderItems.productName,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
      amountCents: orderItems.amountCents,
      currency: orderItems.currency,
      billingInterval: orderItems.billingInterval,
      refundableUntil: orderItems.refundableUntil,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(
      sellerMembers,
      and(eq(sellerMembers.sellerId, products.sellerId), eq(sellerMembers.userId, sql.placeholder('userId'))),
    )
    .innerJoin(users, and(eq(users.id, sellerMembers.userId), eq(users.status, 'active')))
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position))
    .prepare('sale_mail_items'),
}));

/**
 * The seller's share of each item as the payouts and the sales list compute it (decision 030):
 * 70% of each of its charges in `saleMoney`, the part paid with store credit its own charge,
 * floored per charge, less what refunds took. Rounding the item's whole amount at once would tell
 * the seller a cent more than they are paid when credit and card share the price.
 */
async function shareOfItems(db: Db, orderId: string, items: SaleItemRow[]): Promise<Map<string, number>> {
  const events = await db
    .select({
      id: sql<string>`e.id`,
      kind: sql<'charge' | 'refund'>`e.kind`,
      chargeId: sql<string | null>`e.charge_id`,
      itemId: sql<string>`e.order_item_id::text`,
      amountCents: sql<number>`e.amount_cents`.mapWith(Number),
      at: sql<Date>`e.moved_at`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(sql`${saleMoney(sql`i.order_id = ${orderId}::uuid`)} e`);
  const shares = new Map<string, number>();
  for (const item of items) {
    const charges: SaleCharge[] = [];
    const refunds: SaleRefund[] = [];
    for (const event of events) {
      if (event.itemId !== item.id) continue;
      if (event.kind === 'charge') {
        charges.push({
          id: event.id,
          amountCents: event.amountCents,
          currency: item.currency,
          createdAt: event.at,
          refundableUntil: item.refundableUntil,
          orderId,
          orderItemId: item.id,
          productName: item.productName,
          planName: item.planName,
          quantity: item.quantity,
        });
      } else if (event.chargeId !== null) {
        refunds.push({ id: event.id, chargeId: event.chargeId, amountCents: event.amountCents, createdAt: event.at });
      }
    }
    // Earned plus pending is each charge's final share whatever the moment, so the sale's time will do.
    const { events: moves, pending } = computePayouts(charges, refunds, item.paidAt ?? item.createdAt);
    const earned = moves.reduce((sum, move) => sum + move.shareCents, 0);
    shares.set(item.id, earned + (pending.get(item.currency) ?? 0));
  }
  return shares;
}

type SaleItemRow = Awaited<ReturnType<ReturnType<typeof saleStatements>['itemsForMember']['execute']>>[number];

/** Wired in app.ts: how the outbox renders a `seller-sale` row (payload `{ orderId }`). */
export function addSellerMailRenderers(outbox: Outbox, deps: { db: Db; brand: MailBrand }): void {
  outbox.addRenderer('seller-sale', async (payload, recipient) => {
    const orderId = (payload as { orderId?: unknown } | null)?.orderId;
    if (typeof orderId !== 'string') throw new Error('a sale mail without its order id');
    if (!recipient.userId) return null;
    const rows = await saleStatements(deps.db).itemsForMember.execute({ orderId, userId: recipient.userId });
    const [first] = rows;
    // No longer a member, or deactivated since: nothing to tell.
    if (!first) return null;
    const [parts, shares] = await Promise.all([
      notificationParts(deps.db, { userId: recipient.userId, topic: 'sellerActivity' }, deps.brand),
      shareOfItems(deps.db, orderId, rows),
    ]);
    if (!parts) return null;
    return newSaleMail(
      { email: recipient.to, firstName: first.firstName },
      {
        paidAt: first.paidAt ?? first.createdAt,
        items: rows.map((row) => ({ ...row, shareCents: shares.get(row.id) ?? 0 })),
      },
      deps.brand,
      parts,
    );
  });
}
