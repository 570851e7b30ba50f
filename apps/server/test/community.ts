import { type Db, orderItems, sellerMembers } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createUserWithSession } from './accounts';
import { callApi } from './app';
import { checkout, createBuyer, createDeal, newKey } from './shop';

/** A product with one plan and a user who bought one unit of it through the real checkout. */
export async function createBoughtDeal(app: FastifyInstance, db: Db) {
  const deal = await createDeal(db, { plans: [{ codes: 20 }] });
  const buyer = await buyDeal(app, db, deal.product.id, deal.plan.id);
  return { ...deal, buyer };
}

/** A new user who bought one unit of the plan; answers the user, its session and the order item. */
export async function buyDeal(app: FastifyInstance, db: Db, productId: number, planId: number) {
  const buyer = await createBuyer(app, db, [{ productId, variantId: planId, quantity: 1 }]);
  const paid = await checkout(app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
  const item = paid.body.data?.order.items[0];
  if (paid.status !== 200 || !item) throw new Error(`checkout answered ${paid.status}: ${paid.body.msg}`);
  return { userId: buyer.userId, token: buyer.token, orderId: paid.body.data.order.id, itemId: item.id };
}

/** Marks an order item refunded as a refund (decision 010) leaves it: the status moves off `active`. */
export async function endPurchase(db: Db, itemId: string): Promise<void> {
  await db.update(orderItems).set({ status: 'refunded' }).where(eq(orderItems.id, itemId));
}

/** A signed-in member of the seller: what they write carries the "Founder" badge. */
export async function createSellerMember(db: Db, sellerId: number) {
  const member = await createUserWithSession(db);
  await db.insert(sellerMembers).values({ sellerId, userId: member.userId });
  return member;
}

/** Calls an API path and throws unless it answered 200; answers the data. */
export async function callOk<T>(app: FastifyInstance, path: string, payload: object, token?: string): Promise<T> {
  const { status, body } = await callApi<T>(app, path, payload, token ? { token } : {});
  if (status !== 200) throw new Error(`${path} answered ${status}: ${body.msg}`);
  return body.data;
}
