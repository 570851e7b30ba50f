/**
 * The sellers' webhook events about a bought item (decision 033): `license.refunded`,
 * `license.plan_changed` and `license.activated`, queued in the transaction of the change. The
 * body names the item, the product and the plan, never the buyer (the seller has no need of a
 * buyer's address to revoke or count a code).
 */
import type { WebhookEventType } from '@everdeal/contracts';
import { orderItems, products, type Tx } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { queueWebhookEvents } from '../webhooks';

/** What every license event says of its item, as the body's `data` names it. */
export async function itemFacts(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({
      sellerId: products.sellerId,
      orderId: orderItems.orderId,
      itemId: orderItems.id,
      productId: orderItems.productId,
      productSlug: products.slug,
      variantId: orderItems.planId,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.id, itemId));
  return row;
}

export type ItemFacts = NonNullable<Awaited<ReturnType<typeof itemFacts>>>;

/** Queues one event about the item for its product's seller (nothing when they take no such events). */
export async function queueItemEvent(
  tx: Tx,
  type: WebhookEventType,
  facts: ItemFacts | undefined,
  data: Record<string, unknown>,
  at: Date,
): Promise<void> {
  if (!facts) return;
  const { sellerId, ...item } = facts;
  await queueWebhookEvents(tx, [{ sellerId, type, data: { ...item, ...data } }], at);
}
