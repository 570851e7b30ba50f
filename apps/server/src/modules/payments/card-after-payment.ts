/**
 * What an order's payment teaches about the card that made it (decision 007, "Saved cards after
 * a payment"): the card of the last successful payment is the default, and a card whose first
 * charge was declined is not kept, so it is never offered, pre-selected, again.
 */
import { type Db, type OrderRow, orderItemAdjustments, orders, paymentMethods, users } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { preparedPerDatabase } from '../../lib/prepared';
import { queryRows } from '../../lib/query-rows';
import type { PaymentProvider } from './provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The user's card writes serialise on their user row, as `payments.service.ts` takes it. */
async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * The user's default is the card of their last paid order still saved, else the newest card;
 * nothing changes while some card is the default. One statement, so the one-default index holds.
 */
async function promoteLastPaidCard(tx: Tx, userId: string, provider: OrderRow['provider']) {
  await tx.execute(sql`
    update ${paymentMethods} set is_default = true
    where id = coalesce(
      (select o.payment_method_id from ${orders} o
       join ${paymentMethods} m on m.id = o.payment_method_id and m.provider = ${provider}
       where o.user_id = ${userId} and o.status = 'paid'
       order by o.paid_at desc nulls last, o.created_at desc limit 1),
      (select id from ${paymentMethods} where user_id = ${userId} and provider = ${provider}
       order by created_at desc, id desc limit 1))
    and not exists (
      select 1 from ${paymentMethods} where user_id = ${userId} and provider = ${provider} and is_default
    )`);
}

/**
 * Whether the card of a paid order is the default already, as every paid checkout asks (prepared
 * once per database; the checkout benchmark's floor sends the same statement).
 */
export const paidCardStatements = preparedPerDatabase((db) => ({
  isDefault: db
    .select({ isDefault: paymentMethods.isDefault })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, sql.placeholder('cardId')), eq(paymentMethods.userId, sql.placeholder('userId'))))
    .prepare('paid_card_is_default'),
}));

/**
 * After a paid order: its card, when still saved, becomes the user's default. Most orders are paid
 * with the default card, so one read answers them; only a change takes the user's lock.
 */
export async function makePaidCardDefault(db: Db, order: OrderRow): Promise<void> {
  const cardId = order.paymentMethodId;
  if (!cardId) return;
  const [current] = await paidCardStatements(db).isDefault.execute({ cardId, userId: order.userId });
  if (!current || current.isDefault) return;
  await db.transaction(async (tx) => {
    await lockUser(tx, order.userId);
    const [card] = await tx
      .select({ isDefault: paymentMethods.isDefault })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, order.userId)));
    if (!card || card.isDefault) return;
    // Two statements, so the one-default index never sees two defaults at once.
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, order.userId), eq(paymentMethods.isDefault, true)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, cardId));
  });
}

/**
 * After a declined order: its card is forgotten, here and at the provider, unless it has paid
 * before (an order, or a plan change or renewal charged to it); the default moves to the card of
 * the last successful payment. A card that has paid and is declined once (a limit, a blocked
 * card) stays: the shopper may want it again.
 */
export async function dropCardThatNeverPaid(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  order: OrderRow,
): Promise<void> {
  const cardId = order.paymentMethodId;
  if (!cardId) return;
  const dropped = await deps.db.transaction(async (tx) => {
    await lockUser(tx, order.userId);
    const [card] = await tx
      .select({ token: paymentMethods.providerToken })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, order.userId)));
    if (!card) return null;
    const [paid] = await queryRows<{ paid: boolean }>(
      tx,
      sql`select exists (select 1 from ${orders} where payment_method_id = ${cardId} and status = 'paid')
        or exists (select 1 from ${orderItemAdjustments} where payment_token = ${card.token}
                   and status = 'succeeded' and charge_cents > 0) as "paid"`,
    );
    if (paid?.paid) return null;
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, cardId));
    await promoteLastPaidCard(tx, order.userId, order.provider);
    return card;
  });
  if (!dropped) return;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const owner = { userId: order.userId, email: user?.email ?? '', customerRef: order.customerRef };
  // The card is gone from the store either way; one left attached at the provider is harmless.
  await deps.provider.forgetCard(owner, dropped.token).catch((error: unknown) => {
    deps.log.warn({ err: error, orderId: order.id }, 'could not forget a declined card at the payment provider');
  });
}
