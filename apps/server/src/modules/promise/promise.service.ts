/**
 * Ending a deal under the lifetime promise (shared requirements "The lifetime promise", decision
 * 031): a seller's sunset with at least 90 days' notice, or an admin's shutdown at once. Either
 * stops sales in the same statement (the deal's status becomes `ended`, which checkout and the
 * cart already refuse, decisions 013 and 019), drops its deal health to 0, and mails every buyer
 * of an active item from the outbox in the same transaction. The protection follows at the end
 * date (protection.ts): at once for a shutdown.
 */
import {
  type AnnounceSunsetInput,
  AppError,
  LifetimePromiseMessage,
  type LifetimePromiseResult,
  lifetimePromiseOf,
  type ShutDownProductInput,
  SUNSET_NOTICE_DAYS,
} from '@everdeal/contracts';
import { orderItems, orders, products, type Tx, users } from '@everdeal/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { type AdminActor, recordAdminAction, recordSellerEdit } from '../audit';
import { queueMail } from '../mail';
import { requireOwnProduct } from '../sellers';
import { queueWebhookEvents } from '../webhooks';
import { type Buyer, formatPromiseDate, shutdownMail, sunsetMail } from './promise.mail';
import type { PromiseDeps } from './promise-deps';
import { itemsEarningProtection, payProductProtection } from './protection';

const DAY_MS = 24 * 60 * 60 * 1000;

type ProductRow = typeof products.$inferSelect;

/**
 * Everyone who holds an active item of the product, with those items: the buyer, or the recipient
 * who claimed it as a gift or transfer (decision 043). The notice is theirs: the tool is theirs.
 */
async function activeBuyers(tx: Tx, productId: number): Promise<Buyer[]> {
  const rows = await tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      orderId: orderItems.orderId,
      itemId: orderItems.id,
      planName: orderItems.planName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, sql`coalesce(${orderItems.holderId}, ${orders.userId})`))
    .where(and(eq(orderItems.productId, productId), eq(orderItems.status, 'active')))
    .orderBy(asc(users.id), asc(orderItems.createdAt));
  const buyers = new Map<string, Buyer>();
  for (const row of rows) {
    const buyer = buyers.get(row.userId) ?? {
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      items: [],
    };
    buyer.items.push({ orderId: row.orderId, itemId: row.itemId, planName: row.planName });
    buyers.set(row.userId, buyer);
  }
  return [...buyers.values()];
}

/** The product's end written in one statement: promise, date, message, sales stopped, health 0. */
async function endProduct(
  tx: Tx,
  productId: number,
  end: { status: 'sunsetting' | 'shut_down'; at: Date; message: string },
  now: Date,
): Promise<ProductRow> {
  const [updated] = await tx
    .update(products)
    .set({
      lifetimePromise: end.status,
      sunsetAt: end.at,
      sunsetMessage: end.message,
      dealStatus: 'ended',
      // Decision 011's score says whether a deal is worth buying: an ending one is not.
      dealHealthScore: 0,
      updatedAt: now,
    })
    .where(eq(products.id, productId))
    .returning();
  if (!updated) throw new Error(`product ${productId} vanished while locked`);
  return updated;
}

/**
 * The seller's app hears that the deal ended (`product.sunset`, decision 033), in the transaction
 * that ends it: `kind` says whether the seller announced a sunset or an admin shut it down.
 */
function queueSunsetEvent(tx: Tx, product: ProductRow, kind: 'sunset' | 'shutdown', at: Date) {
  return queueWebhookEvents(
    tx,
    [
      {
        sellerId: product.sellerId,
        type: 'product.sunset',
        data: {
          productId: product.id,
          productSlug: product.slug,
          kind,
          sunsetAt: product.sunsetAt?.toISOString() ?? at.toISOString(),
          message: product.sunsetMessage ?? '',
        },
      },
    ],
    at,
  );
}

const resultOf = (product: ProductRow, buyersMailed: number): LifetimePromiseResult => ({
  lifetimePromise: lifetimePromiseOf(product.lifetimePromise, product.sunsetAt, product.sunsetMessage),
  buyersMailed,
});

/**
 * `seller/announceSunset`: a member of the product's seller ends the deal at `sunsetAt`, at least
 * 90 days ahead (400 otherwise), once (409 for a second announcement or a shut-down deal).
 */
export async function announceSunset(
  deps: PromiseDeps,
  actor: AdminActor,
  input: AnnounceSunsetInput,
): Promise<LifetimePromiseResult> {
  const now = deps.now();
  const sunsetAt = new Date(input.sunsetAt);
  const earliest = new Date(now.getTime() + SUNSET_NOTICE_DAYS * DAY_MS);
  if (sunsetAt.getTime() < earliest.getTime()) {
    throw AppError.badRequest(LifetimePromiseMessage.noticeTooShort(SUNSET_NOTICE_DAYS, formatPromiseDate(earliest)));
  }
  const { product, mailIds, buyers } = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProduct(tx, actor.id, input.productId, { lock: true });
    if (current.lifetimePromise === 'shut_down') throw AppError.conflict(LifetimePromiseMessage.alreadyShutDown);
    if (current.lifetimePromise === 'sunsetting') throw AppError.conflict(LifetimePromiseMessage.alreadyAnnounced);
    const product = await endProduct(
      tx,
      current.id,
      { status: 'sunsetting', at: sunsetAt, message: input.message },
      now,
    );
    await recordSellerEdit(
      tx,
      actor,
      {
        action: 'product.sunset',
        targetKind: 'product',
        targetId: current.id,
        reason: input.message,
        before: { lifetimePromise: current.lifetimePromise, dealStatus: current.dealStatus, sunsetAt: null },
        after: { lifetimePromise: 'sunsetting', dealStatus: 'ended', sunsetAt: sunsetAt.toISOString() },
      },
      now,
    );
    await queueSunsetEvent(tx, product, 'sunset', now);
    const buyers = await activeBuyers(tx, current.id);
    const notice = { sunsetAt, message: input.message };
    // The protection pays at the sunset date: only a holder it would pay then, by the payments as
    // they stand, is told of a credit.
    const earning = await itemsEarningProtection(
      tx,
      buyers.flatMap((buyer) => buyer.items.map((item) => item.itemId)),
      sunsetAt,
    );
    const mailIds = await queueMail(
      tx,
      buyers.map((buyer) =>
        sunsetMail(
          deps.brand,
          product,
          buyer,
          notice,
          buyer.items.some((item) => earning.has(item.itemId)),
        ),
      ),
      now,
    );
    return { product, mailIds, buyers: buyers.length };
  });
  deps.outbox.deliver(mailIds);
  deps.catalogChanged(changedBy.listing(product.id));
  return resultOf(product, buyers);
}

/**
 * `admin/shutDownProduct`: ends the deal now, audited in the same transaction; 404 for an unknown
 * product, 409 when already shut down (a sunsetting deal may be shut down sooner). The protection
 * is paid in this request once the shutdown is committed; if that is cut short, the
 * `lifetime-protection` job pays the rest (each item once, protection.ts).
 */
export async function shutDownProduct(
  deps: PromiseDeps,
  actor: AdminActor,
  input: ShutDownProductInput,
): Promise<LifetimePromiseResult> {
  const now = deps.now();
  const { product, mailIds, buyers } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, input.productId)).for('no key update');
    if (!current) throw AppError.notFound('Product not found');
    if (current.lifetimePromise === 'shut_down') throw AppError.conflict(LifetimePromiseMessage.alreadyShutDown);
    const product = await endProduct(tx, current.id, { status: 'shut_down', at: now, message: input.reason }, now);
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'product.shut_down',
        targetKind: 'product',
        targetId: current.id,
        reason: input.reason,
        before: {
          lifetimePromise: current.lifetimePromise,
          dealStatus: current.dealStatus,
          sunsetAt: current.sunsetAt?.toISOString() ?? null,
        },
        after: { lifetimePromise: 'shut_down', dealStatus: 'ended', sunsetAt: now.toISOString() },
      },
      now,
    );
    await queueSunsetEvent(tx, product, 'shutdown', now);
    const buyers = await activeBuyers(tx, current.id);
    // The protection follows at once (below): only a holder it pays is told of a credit.
    const earning = await itemsEarningProtection(
      tx,
      buyers.flatMap((buyer) => buyer.items.map((item) => item.itemId)),
      now,
    );
    const mailIds = await queueMail(
      tx,
      buyers.map((buyer) =>
        shutdownMail(
          deps.brand,
          product,
          buyer,
          input.reason,
          buyer.items.some((item) => earning.has(item.itemId)),
        ),
      ),
      now,
    );
    return { product, mailIds, buyers: buyers.length };
  });
  deps.outbox.deliver(mailIds);
  deps.catalogChanged(changedBy.listing(product.id));
  await payProductProtection(deps, product.id);
  return resultOf(product, buyers);
}
