/**
 * What a gift or transfer (decision 043) changes for the buyer's own refunds and plan changes,
 * checked on the item they already locked: the refund right lasts until the recipient claims the
 * item; a plan change waits until a transfer is canceled, and a moved item keeps its plan.
 */
import { AppError, GiftMessage } from '@everdeal/contracts';
import type { Tx } from '@everdeal/db';
import { formatDate } from './adjustment-mail';
import { liveTransferOf } from './gifts.sql';

/** A claimed item is no longer the buyer's to refund; an unclaimed gift or transfer still is. */
export async function requireRefundRight(tx: Tx, itemId: string): Promise<void> {
  const live = await liveTransferOf(tx, itemId);
  if (live?.status === 'claimed' && live.claimedAt) {
    throw AppError.conflict(GiftMessage.claimedNoRefund(formatDate(live.claimedAt)));
  }
}

/** A plan change moves codes and money of the buyer's order: not while the item is offered or after it moved. */
export async function requireUnmovedForPlanChange(tx: Tx, itemId: string): Promise<void> {
  const live = await liveTransferOf(tx, itemId);
  if (!live) return;
  throw AppError.conflict(
    live.status === 'pending' && live.kind === 'transfer'
      ? GiftMessage.pendingNoPlanChange
      : GiftMessage.movedNoPlanChange,
  );
}
