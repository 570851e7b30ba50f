/**
 * The statements of gifts and transfers (decision 043). Every change of an offer runs after the
 * item's row lock (`lockOwnItem`, or `lockItemById` for the claim), the first lock every change
 * of an item takes: a claim, a refund, a plan change and a transfer of one item take turns, and
 * each reads the others' committed outcome (READ COMMITTED reads anew per statement).
 */
import {
  type ItemTransferRow,
  itemTransfers,
  licenseCodes,
  orderItemAdjustments,
  orderItemCodes,
  orderItems,
  orders,
  type Tx,
} from '@everdeal/db';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { queueMail } from '../mail';
import { CLAIM_MAIL_KIND, claimMailKey } from './gift-rules';

/** The item's live offer (pending or claimed): at most one (the table's partial unique index). */
export async function liveTransferOf(tx: Tx, itemId: string): Promise<ItemTransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(itemTransfers)
    .where(and(eq(itemTransfers.orderItemId, itemId), inArray(itemTransfers.status, ['pending', 'claimed'])))
    .limit(1);
  return row;
}

/**
 * An item that stops being active while offered (refunded, charged back, ended by the lifetime
 * promise) can no longer be claimed: its waiting offer is canceled in the same transaction, as the
 * giver's cancel does, so the table never keeps a pending offer of an item nobody can claim.
 * Called after the item's row lock is held.
 */
export async function cancelPendingOfferOf(tx: Tx, itemId: string, at: Date): Promise<void> {
  await tx
    .update(itemTransfers)
    .set({ status: 'canceled', canceledAt: at })
    .where(and(eq(itemTransfers.orderItemId, itemId), eq(itemTransfers.status, 'pending')));
}

/**
 * Every item of the caller's order locked as `lockOwnItem` locks one (no key update), in id order:
 * what a change of several items takes first, so two such changes queue instead of deadlocking.
 * Another person's order matches nothing and locks nothing.
 */
export async function lockOrderItemsInOrder(tx: Tx, userId: string, orderId: string): Promise<void> {
  await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), eq(orders.userId, userId)))
    .orderBy(orderItems.id)
    .for('no key update', { of: orderItems });
}

/** The order's gift offers still waiting to be claimed by `toEmail`, one per item, by item id. */
export async function pendingGiftOffersTo(tx: Tx, orderId: string, toEmail: string): Promise<ItemTransferRow[]> {
  return tx
    .select({ offer: itemTransfers })
    .from(itemTransfers)
    .innerJoin(orderItems, eq(orderItems.id, itemTransfers.orderItemId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.status, 'active'),
        eq(itemTransfers.kind, 'gift'),
        eq(itemTransfers.status, 'pending'),
        eq(itemTransfers.toEmail, toEmail),
      ),
    )
    .orderBy(orderItems.id)
    .then((rows) => rows.map((row) => row.offer));
}

/** A refund, plan change or renewal of the item is under way (its adjustment is pending). */
export async function hasPendingAdjustment(tx: Tx, itemId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItemAdjustments.id })
    .from(orderItemAdjustments)
    .where(and(eq(orderItemAdjustments.orderItemId, itemId), eq(orderItemAdjustments.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** One of the item's codes is marked redeemed (by the buyer, or by the seller's licensing API). */
export async function hasRedeemedCode(tx: Tx, itemId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItemCodes.licenseCodeId })
    .from(orderItemCodes)
    .where(and(eq(orderItemCodes.orderItemId, itemId), isNotNull(orderItemCodes.redeemedAt)))
    .limit(1);
  return row !== undefined;
}

/** The item's allocated codes, for the seller's `license.transferred` event. */
export async function itemCodesOf(tx: Tx, itemId: string): Promise<string[]> {
  const rows = await tx
    .select({ code: licenseCodes.code })
    .from(orderItemCodes)
    .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
    .where(and(eq(orderItemCodes.orderItemId, itemId), eq(licenseCodes.status, 'allocated')))
    .orderBy(licenseCodes.id);
  return rows.map((row) => row.code);
}

/**
 * Any paid order's item and its order, the item row locked as `lockOwnItem` locks it: the claim
 * is made by someone who is not the buyer, and takes the same first lock.
 */
export async function lockItemById(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), ne(orders.status, 'failed')))
    .limit(1)
    .for('no key update', { of: orderItems });
  return row;
}

/**
 * Writes a new offer and queues its mail in `tx` (decision 029: the mail commits with it). The
 * mail is rendered at delivery, which is when the link's token is made (gift-mail.ts). Answers
 * the offer's id and the queued mail's ids.
 */
export async function writeOffer(
  tx: Tx,
  offer: { itemId: string; kind: 'gift' | 'transfer'; fromUserId: string; toEmail: string; message: string | null },
  at: Date,
  options: { queueMailNow: boolean },
): Promise<{ id: string; mailIds: string[] }> {
  const [row] = await tx
    .insert(itemTransfers)
    .values({
      orderItemId: offer.itemId,
      kind: offer.kind,
      fromUserId: offer.fromUserId,
      toEmail: offer.toEmail,
      message: offer.message,
      sentAt: at,
      createdAt: at,
    })
    .returning({ id: itemTransfers.id });
  if (!row) throw new Error('insert into item_transfers returned no row');
  const mailIds = options.queueMailNow ? await queueClaimMail(tx, { id: row.id, toEmail: offer.toEmail }, at) : [];
  return { id: row.id, mailIds };
}

/** The claim link's mail of an offer (re)sent at `sentAt`. */
export function queueClaimMail(tx: Tx, offer: { id: string; toEmail: string }, sentAt: Date): Promise<string[]> {
  return queueMail(
    tx,
    [
      {
        key: claimMailKey(offer.id, sentAt),
        kind: CLAIM_MAIL_KIND,
        to: offer.toEmail,
        payload: { transferId: offer.id, sentAt: sentAt.getTime() },
      },
    ],
    sentAt,
  );
}

/**
 * The claim itself, one guarded statement: only a pending offer whose latest link this is, before
 * it expires, and not by its giver. Of two claims of one link, the second waits for the item's
 * lock and then matches nothing (PostgreSQL re-reads the row for the guard).
 */
export async function markClaimed(
  tx: Tx,
  claim: { transferId: string; tokenHash: string; userId: string; at: Date },
): Promise<boolean> {
  const at = sql`${claim.at.toISOString()}::timestamptz`;
  const rows = await tx
    .update(itemTransfers)
    .set({ status: 'claimed', claimedByUserId: claim.userId, claimedAt: claim.at })
    .where(
      and(
        eq(itemTransfers.id, claim.transferId),
        eq(itemTransfers.status, 'pending'),
        eq(itemTransfers.tokenHash, claim.tokenHash),
        sql`${itemTransfers.tokenExpiresAt} > ${at}`,
        ne(itemTransfers.fromUserId, claim.userId),
      ),
    )
    .returning({ id: itemTransfers.id });
  return rows.length > 0;
}
