/**
 * The giver's calls of decision 043: a gift made at checkout (its offers written in transaction 1
 * and mailed by the settlement), a later transfer of a bought item, taking a transfer back, and
 * mailing an unclaimed link again. Each runs after the item's row lock, as refunds and plan
 * changes do, so they take turns with them and with the claim (gifts.sql.ts).
 */
import {
  AppError,
  GiftMessage,
  type GiftTo,
  type OrderItem,
  type OrderItemRefInput,
  OrderMessage,
  type ResendGiftInput,
  type TransferItemInput,
} from '@everdeal/contracts';
import { itemTransfers, type OrderItemRow, type Tx, type UserRow } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { lockOwnItem } from './adjustments.sql';
import { inactiveItemRefusal } from './chargebacks.sql';
import type { CheckoutDeps } from './checkout-deps';
import { giftViewOf, requireGiftable, requireOtherRecipient } from './gift-rules';
import {
  hasPendingAdjustment,
  hasRedeemedCode,
  liveTransferOf,
  lockOrderItemsInOrder,
  pendingGiftOffersTo,
  queueClaimMail,
  writeOffer,
} from './gifts.sql';
import { loadOwnItem } from './orders.service';

/** Checkout's gift, checked before anything is reserved: someone else, lifetime deals only. */
export function requireValidGift(
  buyer: Pick<UserRow, 'email'>,
  gift: GiftTo | undefined,
  lines: readonly { planKind: string; productName: string }[],
): void {
  if (!gift) return;
  requireOtherRecipient(buyer.email, gift.email);
  requireGiftable(lines);
}

/**
 * Transaction 1 of a gift's checkout: one pending offer per item, without a mail; the settlement
 * statement queues the mails when the order is paid (settle.sql.ts), and a failed order cancels
 * them (`releaseOrder`).
 */
export async function writeGiftOffers(
  tx: Tx,
  gift: GiftTo,
  order: { fromUserId: string; itemIds: string[] },
  at: Date,
): Promise<void> {
  const view = giftViewOf(gift, at);
  for (const itemId of order.itemIds) {
    await writeOffer(
      tx,
      {
        itemId,
        kind: 'gift',
        fromUserId: order.fromUserId,
        toEmail: view.toEmail,
        message: view.message,
      },
      at,
      { queueMailNow: false },
    );
  }
}

/** The caller's item locked, or 404 as anyone else's (requirements §6). */
async function lockGiversItem(tx: Tx, userId: string, ref: OrderItemRefInput) {
  const row = await lockOwnItem(tx, userId, ref.orderId, ref.itemId);
  if (row?.order.status !== 'paid') throw AppError.notFound(OrderMessage.orderItemNotFound);
  return row.item;
}

async function requireActive(tx: Tx, item: OrderItemRow): Promise<void> {
  if (item.status !== 'active') {
    throw AppError.conflict(item.status === 'pending' ? GiftMessage.notActive : await inactiveItemRefusal(tx, item));
  }
}

/**
 * `orders/transferItem`: an active, unredeemed lifetime item of the caller's, never moved and not
 * on offer, offered to another address; no refund, plan change or renewal may be under way.
 */
export async function transferItem(
  deps: CheckoutDeps,
  user: UserRow,
  input: TransferItemInput,
): Promise<{ item: OrderItem }> {
  requireOtherRecipient(user.email, input.email);
  const mailIds = await deps.db.transaction(async (tx) => {
    const item = await lockGiversItem(tx, user.id, input);
    // Read once the item's lock is held: the offer's time follows any change of it that committed first.
    const at = deps.now();
    await requireActive(tx, item);
    requireGiftable([item]);
    const live = await liveTransferOf(tx, item.id);
    if (live) throw AppError.conflict(live.status === 'claimed' ? GiftMessage.movesOnce : GiftMessage.alreadyOffered);
    if (await hasPendingAdjustment(tx, item.id)) throw AppError.conflict(GiftMessage.changeInProgress);
    if (await hasRedeemedCode(tx, item.id)) throw AppError.conflict(GiftMessage.redeemed);
    const offer = await writeOffer(
      tx,
      { itemId: item.id, kind: 'transfer', fromUserId: user.id, toEmail: input.email.trim(), message: null },
      at,
      { queueMailNow: true },
    );
    return offer.mailIds;
  });
  deps.outbox.deliver(mailIds);
  return { item: await loadOwnItem(deps.db, user.id, input.orderId, input.itemId) };
}

/** The item's pending offer, locked with it; 409 when there is none. */
async function pendingOfferOf(tx: Tx, itemId: string) {
  const live = await liveTransferOf(tx, itemId);
  if (!live) throw AppError.conflict(GiftMessage.nothingPending);
  if (live.status === 'claimed') throw AppError.conflict(GiftMessage.alreadyClaimed);
  return live;
}

/**
 * `orders/cancelTransfer`: an unclaimed transfer ends, its link stops working, the codes show
 * again. A gift is not taken back this way: the giver refunds it while it is unclaimed.
 */
export async function cancelTransfer(
  deps: CheckoutDeps,
  userId: string,
  input: OrderItemRefInput,
): Promise<{ item: OrderItem }> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const item = await lockGiversItem(tx, userId, input);
    const offer = await pendingOfferOf(tx, item.id);
    if (offer.kind === 'gift') throw AppError.conflict(GiftMessage.giftNotCancelable);
    await tx
      .update(itemTransfers)
      .set({ status: 'canceled', canceledAt: at })
      .where(and(eq(itemTransfers.id, offer.id), eq(itemTransfers.status, 'pending')));
  });
  return { item: await loadOwnItem(deps.db, userId, input.orderId, input.itemId) };
}

/**
 * `orders/resendGift`: the unclaimed offer's link mailed again, to a corrected address when the
 * giver gives one (a mistyped address was otherwise fixed only by a refund). The old link stops
 * working at once (its hash is cleared); the new mail's rendering makes the new one, valid 30 days
 * from then. The new address, like the first, is never the giver's own. A gift of several deals
 * went to one address: a correction moves every item of it still waiting for that address, each
 * with its own new link (a transfer is one item).
 */
export async function resendGift(
  deps: CheckoutDeps,
  giver: Pick<UserRow, 'id' | 'email'>,
  input: ResendGiftInput,
): Promise<{ item: OrderItem }> {
  const toEmail = input.email?.trim();
  if (toEmail) requireOtherRecipient(giver.email, toEmail);
  const mailIds = await deps.db.transaction(async (tx) => {
    // A correction may move the order's other items too: their locks first, in one order, so two
    // corrections of one gift never wait on each other's items.
    if (toEmail) await lockOrderItemsInOrder(tx, giver.id, input.orderId);
    const item = await lockGiversItem(tx, giver.id, input);
    const at = deps.now();
    await requireActive(tx, item);
    const offer = await pendingOfferOf(tx, item.id);
    const offers =
      toEmail && offer.kind === 'gift' ? await pendingGiftOffersTo(tx, input.orderId, offer.toEmail) : [offer];
    const ids: string[] = [];
    for (const each of offers) {
      const recipient = toEmail ?? each.toEmail;
      await tx
        .update(itemTransfers)
        .set({ tokenHash: null, tokenExpiresAt: null, sentAt: at, toEmail: recipient })
        .where(and(eq(itemTransfers.id, each.id), eq(itemTransfers.status, 'pending')));
      ids.push(...(await queueClaimMail(tx, { id: each.id, toEmail: recipient }, at)));
    }
    return ids;
  });
  deps.outbox.deliver(mailIds);
  return { item: await loadOwnItem(deps.db, giver.id, input.orderId, input.itemId) };
}
