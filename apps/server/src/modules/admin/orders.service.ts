import {
  ADMIN_RECENT_ORDERS,
  type AdminItemChargeback,
  AdminMessage,
  type AdminOrder,
  type AdminOrderList,
  type AdminRecordChargebackInput,
  AppError,
  OrderMessage,
  RefundMessage,
  type RefundReason,
  type RefundReasonCode,
} from '@everdeal/contracts';
import { type Db, moneyMovements, orderItemAdjustments, orders, users } from '@everdeal/db';
import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { type AdminActor, recordAdminAction } from '../audit';
import { ChargebackWaitsError, recordChargeback, refundOnBehalf, toOrderViews } from '../orders';
import type { AdminDeps } from './admin-deps';

// Orders for the admin (requirements §13, decision 015): find a shopper's orders by e-mail or one
// order by id, and refund an item on the shopper's behalf through the shopper's own refund path.

export const ADMIN_ORDER_LIMIT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reasons shoppers gave for refunding these items (the latest refund of each that has one). */
async function refundReasonsOf(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, RefundReason>();
  const rows = await db
    .select({
      itemId: orderItemAdjustments.orderItemId,
      reason: orderItemAdjustments.refundReason,
      note: orderItemAdjustments.refundNote,
    })
    .from(orderItemAdjustments)
    .where(
      and(
        inArray(orderItemAdjustments.orderItemId, itemIds),
        eq(orderItemAdjustments.kind, 'refund'),
        ne(orderItemAdjustments.status, 'failed'),
        or(isNotNull(orderItemAdjustments.refundReason), isNotNull(orderItemAdjustments.refundNote)),
      ),
    )
    .orderBy(orderItemAdjustments.createdAt);
  return new Map(
    rows.map((row) => [row.itemId, { reason: (row.reason as RefundReasonCode | null) ?? null, note: row.note }]),
  );
}

/**
 * The chargebacks of these items (decision 039), one per dispute (its provider reference) and item,
 * from their money rows: what the bank took, what a won dispute gave back, when, oldest first.
 */
async function chargebacksOf(db: Db, itemIds: string[]) {
  const chargebacks = new Map<string, AdminItemChargeback[]>();
  if (itemIds.length === 0) return chargebacks;
  const rows = await db
    .select({
      itemId: moneyMovements.orderItemId,
      reference: moneyMovements.providerReference,
      amountCents: sql<
        number | null
      >`(sum(${moneyMovements.amountCents}) filter (where ${moneyMovements.kind} = 'chargeback'))::int`,
      reversedCents: sql<number>`coalesce(sum(${moneyMovements.amountCents}) filter (where ${moneyMovements.kind} = 'chargeback_reversal'), 0)::int`,
      recordedAt: sql<
        Date | string | null
      >`min(${moneyMovements.createdAt}) filter (where ${moneyMovements.kind} = 'chargeback')`,
    })
    .from(moneyMovements)
    .where(
      and(
        inArray(moneyMovements.orderItemId, itemIds),
        inArray(moneyMovements.kind, ['chargeback', 'chargeback_reversal']),
      ),
    )
    .groupBy(moneyMovements.orderItemId, moneyMovements.providerReference)
    .orderBy(sql`min(${moneyMovements.createdAt})`);
  for (const row of rows) {
    // A reversal always has its chargeback (decision 039); a row without one would be no dispute to show.
    if (row.amountCents === null || row.recordedAt === null) continue;
    const list = chargebacks.get(row.itemId) ?? [];
    list.push({
      amount: row.amountCents,
      reversedAmount: row.reversedCents,
      reference: row.reference,
      recordedAt: new Date(row.recordedAt).toISOString(),
    });
    chargebacks.set(row.itemId, list);
  }
  return chargebacks;
}

export async function withEmails(db: Db, rows: (typeof orders.$inferSelect)[]): Promise<AdminOrder[]> {
  const plainViews = await toOrderViews(db, rows);
  const itemIds = plainViews.flatMap((view) => view.items.map((item) => item.id));
  const [reasons, chargebacks] = await Promise.all([refundReasonsOf(db, itemIds), chargebacksOf(db, itemIds)]);
  const views = plainViews.map((view) => ({
    ...view,
    items: view.items.map((item) => ({
      ...item,
      refundReason: reasons.get(item.id) ?? null,
      chargebacks: chargebacks.get(item.id) ?? [],
    })),
  }));
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const emails = new Map(
    userIds.length === 0
      ? []
      : (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))).map(
          (user) => [user.id, user.email],
        ),
  );
  return views.map((view, index) => ({ ...view, userEmail: emails.get(rows[index]?.userId ?? '') ?? '' }));
}

/**
 * `admin/searchOrders`: an order id finds that order; anything else is an e-mail address, matched
 * case-insensitively as sign-in does, and finds that shopper's orders, newest first. Failed
 * checkout attempts are listed too: an admin answering "I was charged" needs to see them. No
 * query lists the latest orders of everyone, so the page opens on what just happened.
 */
export async function searchOrders(db: Db, input: { q?: string }): Promise<AdminOrderList> {
  const q = (input.q ?? '').trim();
  if (q === '') {
    const recent = await db
      .select()
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_RECENT_ORDERS);
    return { orders: await withEmails(db, recent) };
  }
  const where = UUID.test(q)
    ? eq(orders.id, q.toLowerCase())
    : sql`${orders.userId} in (select ${users.id} from ${users} where lower(${users.email}) = ${q.toLowerCase()})`;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDER_LIMIT);
  return { orders: await withEmails(db, rows) };
}

/**
 * `admin/refundItem`: the shopper's refund (decision 010: one provider refund keyed by the
 * adjustment, the money rows, the codes revoked, the mail) begun by an admin. The window and the
 * shopper's monthly limit do not apply, the reason is recorded instead; an item refunded already
 * answers 409, and two admins at once meet on the item's lock (one refund, one 409).
 */
export async function refundItemForShopper(
  deps: AdminDeps,
  actor: AdminActor,
  input: { orderId: string; itemId: string; reason: string },
): Promise<{ order: AdminOrder }> {
  const found = await refundOnBehalf(deps, input, (tx, item, begun, at) =>
    // The refund as begun: the provider's answer comes after the commit, and the adjustment
    // (named here) holds how it ended.
    recordAdminAction(
      tx,
      actor,
      {
        action: 'order_item.refund',
        targetKind: 'order_item',
        targetId: item.id,
        reason: input.reason,
        before: { status: item.status, refundableUntil: item.refundableUntil?.toISOString() ?? null },
        after: { status: 'refund pending', adjustmentId: begun.id, refundCents: begun.refundCents },
      },
      at,
    ),
  );
  if (!found) throw AppError.notFound(AdminMessage.orderItemNotFound);
  const [rowAfter] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!rowAfter) throw AppError.notFound(AdminMessage.orderItemNotFound);
  const [order] = await withEmails(deps.db, [rowAfter]);
  if (!order) throw AppError.notFound(AdminMessage.orderItemNotFound);
  return { order };
}

/** The reference of an admin's chargeback of an order: one per order, as a provider's dispute id is one. */
const adminDisputeReference = (orderId: string) => `admin:${orderId}`;

/**
 * `admin/recordChargeback` (decision 039): the card issuer took the order's payment back, for a
 * store whose provider does not report disputes. The same rows as a Stripe dispute: all the
 * checkout's payment still holds, spread over its items, the items revoked; audited in the same
 * transaction. 404 for an unknown order, 409 when recorded already, when nothing is left to take
 * or while a refund of the order is under way.
 */
export async function recordChargebackForOrder(
  deps: AdminDeps,
  actor: AdminActor,
  input: AdminRecordChargebackInput,
): Promise<{ order: AdminOrder }> {
  const at = deps.now();
  const disputeReference = adminDisputeReference(input.orderId);
  let outcome: Awaited<ReturnType<typeof recordChargeback>>;
  try {
    outcome = await recordChargeback(
      deps,
      { orderId: input.orderId, disputeReference, paymentReference: null, takenCents: 'all' },
      at,
      (tx) =>
        recordAdminAction(
          tx,
          actor,
          {
            action: 'order.chargeback',
            targetKind: 'order',
            targetId: input.orderId,
            reason: input.reason || null,
            before: null,
            after: { disputeReference },
          },
          at,
        ),
    );
  } catch (error) {
    if (error instanceof ChargebackWaitsError) throw AppError.conflict(RefundMessage.changeInProgress);
    throw error;
  }
  if (outcome === 'unknown-order') throw AppError.notFound(OrderMessage.orderNotFound);
  if (outcome === 'already') throw AppError.conflict(AdminMessage.alreadyChargedBack);
  if (outcome === 'nothing') throw AppError.conflict(AdminMessage.nothingToChargeBack);
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId));
  const [order] = row ? await withEmails(deps.db, [row]) : [];
  if (!order) throw AppError.notFound(OrderMessage.orderNotFound);
  return { order };
}
