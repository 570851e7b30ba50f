import type { OwnedItems } from '@everdeal/contracts';
import { itemTransfers, orderItems, orders } from '@everdeal/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OrdersDeps } from './orders.service';

/**
 * `orders/getOwnedItems`: the caller's items of one product that they hold today (requirements
 * §10 "You own this"): paid orders, items still `active` (a refund, a failed order or an ended
 * subscription moves an item off `active`; the review's "verified purchaser" uses the same rule,
 * requirements §12), and the items they claimed from others (decision 043), not those they gave
 * or whose gift waits for its recipient. Newest first, so the product page links the latest purchase.
 */
export async function getOwnedItems({ db }: OrdersDeps, userId: string, productId: number): Promise<OwnedItems> {
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      itemId: orderItems.id,
      variantId: orderItems.planId,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        // The holder of a claimed gift or transfer, else the buyer (decision 043).
        sql`coalesce(${orderItems.holderId}, ${orders.userId}) = ${userId}`,
        sql`not exists (select 1 from ${itemTransfers} t
          where t.order_item_id = ${orderItems.id} and t.kind = 'gift' and t.status = 'pending')`,
        eq(orders.status, 'paid'),
        eq(orderItems.productId, productId),
        eq(orderItems.status, 'active'),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orderItems.position))
    .limit(20);
  return { items: rows };
}
