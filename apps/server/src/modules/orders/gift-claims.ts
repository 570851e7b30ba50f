/**
 * The recipient's side of decision 043: what a claim link offers (the claim page reads it before
 * anyone signs in), and the claim, after which the item and its codes are the caller's.
 */
import { AppError, GiftMessage, type GiftPreview, type OrderItem } from '@everdeal/contracts';
import { type Db, itemTransfers, orderItems, products, type UserRow, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { CheckoutDeps } from './checkout-deps';
import { giverName, hashClaimToken } from './gift-rules';
import { hasPendingAdjustment, hasRedeemedCode, itemCodesOf, lockItemById, markClaimed } from './gifts.sql';
import { itemFacts, queueItemEvent } from './item-events';
import { loadOwnItem } from './orders.service';

/** The offer a link names, with what the claim page shows of it; undefined for no valid link. */
async function offerByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      offer: itemTransfers,
      itemStatus: orderItems.status,
      orderId: orderItems.orderId,
      productName: orderItems.productName,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
      productLogoUrl: products.logoUrl,
      giverFirstName: users.firstName,
      giverLastName: users.lastName,
    })
    .from(itemTransfers)
    .innerJoin(orderItems, eq(orderItems.id, itemTransfers.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(users, eq(users.id, itemTransfers.fromUserId))
    .where(eq(itemTransfers.tokenHash, hashClaimToken(token)))
    .limit(1);
  return row;
}

type Offer = NonNullable<Awaited<ReturnType<typeof offerByToken>>>;

function stateOf(row: Offer, now: Date): GiftPreview['state'] {
  if (row.offer.status === 'claimed') return 'claimed';
  if (row.offer.status === 'canceled' || row.itemStatus !== 'active') return 'unavailable';
  if (!row.offer.tokenExpiresAt || row.offer.tokenExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'claimable';
}

/** `orders/getGift`: the link's offer as its page shows it; 404 for a link that names none. */
export async function getGift({ db, now }: Pick<CheckoutDeps, 'db' | 'now'>, token: string) {
  const row = await offerByToken(db, token);
  if (!row) throw AppError.notFound(GiftMessage.linkInvalid);
  const gift: GiftPreview = {
    kind: row.offer.kind,
    fromName: giverName(row.giverFirstName, row.giverLastName),
    message: row.offer.message,
    productName: row.productName,
    productLogoUrl: row.productLogoUrl,
    planName: row.planName,
    quantity: row.quantity,
    state: stateOf(row, now()),
  };
  return { gift };
}

/** Why a claim that matched nothing was refused, read after the item's lock. */
async function claimRefusal(db: Db, token: string, userId: string, now: Date): Promise<AppError | 'yours'> {
  const row = await offerByToken(db, token);
  if (!row) return AppError.notFound(GiftMessage.linkInvalid);
  if (row.offer.fromUserId === userId) return AppError.conflict(GiftMessage.ownGift);
  if (row.offer.status === 'claimed') {
    return row.offer.claimedByUserId === userId ? 'yours' : AppError.conflict(GiftMessage.alreadyClaimed);
  }
  const state = stateOf(row, now);
  if (state === 'unavailable') return AppError.conflict(GiftMessage.noLongerAvailable);
  return AppError.conflict(GiftMessage.linkExpired);
}

/**
 * `orders/claimGift`: with the item's row locked (the lock refunds, plan changes and transfers
 * take first), one guarded statement takes the offer (gifts.sql.ts `markClaimed`); then the item
 * must still be active, with no refund or plan change under way, and a transfer's codes still
 * unredeemed, or the whole claim rolls back. The item's holder becomes the caller, and the
 * product's seller hears `license.transferred` in the same transaction. Claiming a link already
 * claimed by the caller answers the item again.
 */
export async function claimGift(
  deps: CheckoutDeps,
  user: Pick<UserRow, 'id'>,
  token: string,
): Promise<{ item: OrderItem }> {
  const at = deps.now();
  const found = await offerByToken(deps.db, token);
  if (!found) throw AppError.notFound(GiftMessage.linkInvalid);
  const ref = { orderId: found.orderId, itemId: found.offer.orderItemId };
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockItemById(tx, ref.itemId);
    if (!locked) throw AppError.notFound(GiftMessage.linkInvalid);
    const claimed = await markClaimed(tx, {
      transferId: found.offer.id,
      tokenHash: hashClaimToken(token),
      userId: user.id,
      at,
    });
    if (!claimed) return 'refused' as const;
    const { item } = locked;
    if (item.status !== 'active') throw AppError.conflict(GiftMessage.noLongerAvailable);
    if (await hasPendingAdjustment(tx, item.id)) throw AppError.conflict(GiftMessage.changeInProgress);
    if (found.offer.kind === 'transfer' && (await hasRedeemedCode(tx, item.id))) {
      throw AppError.conflict(GiftMessage.redeemed);
    }
    await tx.update(orderItems).set({ holderId: user.id }).where(eq(orderItems.id, item.id));
    await queueItemEvent(
      tx,
      'license.transferred',
      await itemFacts(tx, item.id),
      { kind: found.offer.kind, codes: await itemCodesOf(tx, item.id), transferredAt: at.toISOString() },
      at,
    );
    return 'claimed' as const;
  });
  if (outcome === 'refused') {
    const refusal = await claimRefusal(deps.db, token, user.id, at);
    if (refusal !== 'yours') throw refusal;
  }
  return { item: await loadOwnItem(deps.db, user.id, ref.orderId, ref.itemId) };
}
