/**
 * Who looks at an order item, and what they see of its gift or transfer (decision 043): the buyer
 * sees their offer and none of the codes they give, the person who claimed the item sees it as
 * theirs. What each view hides or zeroes is in gift-rules.ts.
 */
import type { OrderItem } from '@everdeal/contracts';
import { type Db, type OrderItemRow, orderItems, orders } from '@everdeal/db';
import { and, eq, ne } from 'drizzle-orm';
import { asGiverView, asHolderView, giverName } from './gift-rules';

/** Who looks at an item: its order's buyer, or the person who claimed it (decision 043). */
export type Viewer = 'buyer' | 'holder';

/** The item's live offer as `loadItems` reads it: the buyer's view and the recipient's facts. */
type LiveTransfer = {
  kind: 'gift' | 'transfer';
  status: 'pending' | 'claimed';
  toEmail: string;
  message: string | null;
  sentAt: string;
  claimedAt: string | null;
  /** The giver's names as on their account ('' when none), for `giverName`. */
  fromFirstName: string;
  fromLastName: string;
};

/**
 * The item as the viewer sees it, from its plain view and its row's live offer (`transfer`, the
 * JSON of a `LiveTransfer` that `loadItems` reads, null without one).
 */
export function asSeenBy(
  viewer: Viewer,
  item: OrderItem,
  row: { status: OrderItemRow['status']; transfer: string | null },
): OrderItem {
  const live = row.transfer ? (JSON.parse(row.transfer) as LiveTransfer) : null;
  if (viewer === 'holder' && live?.status === 'claimed' && live.claimedAt) {
    return asHolderView(item, {
      kind: live.kind,
      fromName: giverName(live.fromFirstName, live.fromLastName),
      message: live.message,
      claimedAt: live.claimedAt,
    });
  }
  // An offer of an item refunded or taken back before its claim is over: nothing to show of it.
  if (!live || (live.status === 'pending' && row.status !== 'active')) return item;
  const { fromFirstName: _first, fromLastName: _last, ...view } = live;
  return asGiverView(item, view);
}

/**
 * Who the caller is to the item: its order's buyer, or the person who claimed it (decision 043);
 * undefined for anyone else, and for an item of a failed attempt (`requireItemViewer` in
 * orders.service.ts answers those 404).
 */
export async function itemViewerOf(
  db: Db,
  userId: string,
  orderId: string,
  itemId: string,
): Promise<Viewer | undefined> {
  const [row] = await db
    .select({ buyerId: orders.userId, holderId: orderItems.holderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), ne(orders.status, 'failed')))
    .limit(1);
  if (row?.holderId === userId) return 'holder';
  if (row?.buyerId === userId) return 'buyer';
  return undefined;
}
