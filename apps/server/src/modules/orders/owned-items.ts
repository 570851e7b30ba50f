import type { OwnedItems } from '@everdeal/contracts';
import { orderItems, orders } from '@everdeal/db';
import { and, desc, eq } from 'drizzle-orm';
import type { OrdersDeps } from './orders.service';

/**
 * `orders/getOwnedItems`: the caller's items of one product that they hold today (requirements
 * §10 "You own this"): paid orders, items still `active` (a refund, a failed order or an ended
 * subscription moves an item off `active`; the review's "verified purchaser" uses the same rule,
 * requirements §12). Newest first, so the product page links the latest purchase.
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
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        eq(orderItems.productId, productId),
        eq(orderItems.status, 'active'),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orderItems.position))
    .limit(20);
  return { items: rows };
}
