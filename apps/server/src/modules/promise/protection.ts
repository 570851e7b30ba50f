/**
 * Paying the lifetime promise's protection (decision 031). Each active item of an ended deal gets
 * its store credit once, paid to whoever holds it: the buyer, or the recipient who claimed it as a
 * gift or transfer (decision 043), who lost the tool. The holder's items are locked as a refund locks them (`FOR NO KEY UPDATE`
 * of the item row, orders/adjustments.sql.ts), so a refund and the protection of one item never
 * both happen; an item with a refund or plan change in flight is left for the next round. The
 * credit's ledger key `protection:<itemId>` and the seller adjustment's key of the same name are
 * unique too, so two rounds at once (two instances) pay an item once. Paying ends the item.
 */
import {
  type Db,
  moneyMovements,
  orderItemAdjustments,
  orderItems,
  orders,
  products,
  sellerAdjustments,
  type Tx,
  users,
} from '@everdeal/db';
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { queueMail } from '../mail';
import { cancelPendingOfferOf } from '../orders';
import { moveCredit } from '../wallet';
import { protectionMail } from './promise.mail';
import type { PromiseDeps } from './promise-deps';
import { type ItemPayment, protectionCents } from './protection-rule';

type EndedProduct = { id: number; name: string; slug: string; sellerId: number; sunsetAt: Date };

/** Who holds an item: its recipient once a gift or transfer is claimed, else its buyer. */
const holderOf = sql<string>`coalesce(${orderItems.holderId}, ${orders.userId})`;

/** The people who still hold an active item of the product. */
async function holdersWithActiveItems(db: Db | Tx, productId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: holderOf })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), eq(orderItems.status, 'active')));
  return rows.map((row) => row.userId);
}

/**
 * Each payment of the items with what the store still holds of it: every card charge less its
 * refunds, and the part paid with store credit at checkout (decision 030) less what adjustments
 * gave back as credit, aged from the order's payment.
 */
async function paymentsOf(tx: Tx, itemIds: string[]): Promise<Map<string, ItemPayment[]>> {
  if (itemIds.length === 0) return new Map();
  const refunded =
    sql<number>`coalesce((select sum(r.amount_cents) from ${moneyMovements} r where r.refunded_movement_id = ${moneyMovements.id} and r.kind = 'refund'), 0)`.mapWith(
      Number,
    );
  const rows = await tx
    .select({
      itemId: moneyMovements.orderItemId,
      paidAt: moneyMovements.createdAt,
      amountCents: moneyMovements.amountCents,
      refundedCents: refunded,
    })
    .from(moneyMovements)
    .where(and(inArray(moneyMovements.orderItemId, itemIds), eq(moneyMovements.kind, 'charge')));
  const creditReturned =
    sql<number>`coalesce((select sum(a.credit_refund_cents) from ${orderItemAdjustments} a where a.order_item_id = ${orderItems.id} and a.status = 'succeeded'), 0)`.mapWith(
      Number,
    );
  const credit = await tx
    .select({
      itemId: orderItems.id,
      paidAt: orders.paidAt,
      amountCents: orderItems.paidWithCreditCents,
      refundedCents: creditReturned,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.id, itemIds), gt(orderItems.paidWithCreditCents, 0)));
  const payments = new Map<string, ItemPayment[]>();
  for (const row of [...rows, ...credit]) {
    if (row.paidAt === null) continue;
    const list = payments.get(row.itemId) ?? [];
    list.push({ paidAt: row.paidAt, keptCents: row.amountCents - row.refundedCents });
    payments.set(row.itemId, list);
  }
  return payments;
}

/**
 * The items among `itemIds` the promise pays something for at `endAt`, by their payments as they
 * stand (what the protection pays them when it runs): an item that cost nothing, or whose payments
 * are all older than 24 months, is not among them.
 */
export async function itemsEarningProtection(tx: Tx, itemIds: string[], endAt: Date): Promise<Set<string>> {
  const payments = await paymentsOf(tx, itemIds);
  return new Set(itemIds.filter((itemId) => protectionCents(payments.get(itemId) ?? [], endAt) > 0));
}

/** Pays one holder's active items of the product in one transaction; answers the mail rows queued. */
async function payHolder(deps: PromiseDeps, product: EndedProduct, userId: string): Promise<string[]> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const locked = await tx
      .select({ item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, product.id), eq(orderItems.status, 'active'), sql`${holderOf} = ${userId}`))
      .orderBy(asc(orderItems.id))
      .for('no key update', { of: orderItems });
    if (locked.length === 0) return [];
    const busy = await tx
      .select({ itemId: orderItemAdjustments.orderItemId })
      .from(orderItemAdjustments)
      .where(
        and(
          inArray(
            orderItemAdjustments.orderItemId,
            locked.map(({ item }) => item.id),
          ),
          eq(orderItemAdjustments.status, 'pending'),
        ),
      );
    const inFlight = new Set(busy.map((row) => row.itemId));
    // A refund or plan change in flight decides the item first; the next round pays what is left.
    const items = locked.map(({ item }) => item).filter((item) => !inFlight.has(item.id));
    if (items.length === 0) return [];
    const payments = await paymentsOf(
      tx,
      items.map((item) => item.id),
    );
    const paid: { orderId: string; itemId: string; planName: string; creditCents: number }[] = [];
    for (const item of items) {
      const creditCents = protectionCents(payments.get(item.id) ?? [], product.sunsetAt);
      if (creditCents > 0) {
        const note = `Lifetime promise: ${product.name} (${item.planName}) ended`;
        const moved = await moveCredit(
          tx,
          {
            userId,
            amountCents: creditCents,
            kind: 'protection',
            key: `protection:${item.id}`,
            note,
            orderId: item.orderId,
            orderItemId: item.id,
          },
          at,
        );
        if (moved) {
          // The seller funds it (decision 031): the same amount off their payable, once per item.
          await tx
            .insert(sellerAdjustments)
            .values({
              sellerId: product.sellerId,
              productId: product.id,
              orderItemId: item.id,
              kind: 'protection',
              amountCents: -creditCents,
              currency: item.currency,
              key: `protection:${item.id}`,
              note,
              createdAt: at,
            })
            .onConflictDoNothing({ target: sellerAdjustments.key });
          paid.push({ orderId: item.orderId, itemId: item.id, planName: item.planName, creditCents });
        }
      }
      await tx
        .update(orderItems)
        .set({ status: 'ended', endedAt: at, cancelAtPeriodEnd: false, renewalRetryAt: null })
        .where(eq(orderItems.id, item.id));
      // The buyer held it with a gift or transfer waiting: the credit is the buyer's, the offer ends.
      await cancelPendingOfferOf(tx, item.id, at);
    }
    if (paid.length === 0) return [];
    const [holder] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (!holder) return [];
    const currency = items[0]?.currency ?? 'USD';
    return queueMail(tx, [protectionMail(deps.brand, product, { userId, ...holder }, paid, currency)], at);
  });
}

/**
 * Pays the protection of every active item of one ended product, holder by holder, then marks the
 * product paid when no item is left active or still being paid for (a pending order that settles
 * later becomes active and is paid by a later round).
 */
export async function payProductProtection(deps: PromiseDeps, productId: number): Promise<void> {
  const [product] = await deps.db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      sellerId: products.sellerId,
      sunsetAt: products.sunsetAt,
    })
    .from(products)
    .where(and(eq(products.id, productId), ne(products.lifetimePromise, 'active')));
  if (!product?.sunsetAt || product.sunsetAt.getTime() > deps.now().getTime()) return;
  const ended = { ...product, sunsetAt: product.sunsetAt };
  for (const userId of await holdersWithActiveItems(deps.db, product.id)) {
    deps.outbox.deliver(await payHolder(deps, ended, userId));
  }
  const [open] = await deps.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(orderItems)
    .where(and(eq(orderItems.productId, product.id), inArray(orderItems.status, ['active', 'pending'])));
  if ((open?.count ?? 0) === 0) {
    await deps.db
      .update(products)
      .set({ protectionPaidAt: deps.now() })
      .where(and(eq(products.id, product.id), isNull(products.protectionPaidAt)));
  }
}

/** The `lifetime-protection` job's round: every deal whose end has come and whose holders are not all paid. */
export async function runProtectionRound(deps: PromiseDeps): Promise<void> {
  const due = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        ne(products.lifetimePromise, 'active'),
        isNull(products.protectionPaidAt),
        lte(products.sunsetAt, deps.now()),
      ),
    )
    .orderBy(asc(products.sunsetAt));
  for (const product of due) await payProductProtection(deps, product.id);
}
