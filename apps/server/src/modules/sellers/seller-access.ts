import { AppError, SellerMessage } from '@everdeal/contracts';
import { type Db, plans, products, sellerMembers, type UserRow } from '@everdeal/db';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogChanged } from '../../lib/cache-tags';
import type { MailBrand } from '../../lib/mail-layout';
import type { Outbox } from '../mail';

// Which seller's rows a member may touch (requirements §6, decision 014). The route table's
// `seller` role only says the caller is a member of some seller; every seller call names a
// seller, product or plan, and answers 404 for one the caller is no member of, exactly as for one
// that does not exist: drafts are private, so another seller must not learn that one exists.

export type SellerDeps = {
  db: Db;
  now: () => Date;
  catalogChanged: CatalogChanged;
  /** The team hears of a product submitted for review (seller.mail.ts), queued with it (decision 029). */
  outbox: Outbox;
  brand: MailBrand;
  log: FastifyBaseLogger;
};
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The member acting: their id for ownership, their e-mail for the audit log (decision 019). */
export type SellerActor = Pick<UserRow, 'id' | 'email'>;

/** The condition "the user is a member of the seller in `sellerColumn`", for a WHERE clause. */
export function memberOf(userId: string, sellerColumn: typeof products.sellerId | typeof sellerMembers.sellerId) {
  return exists(
    sql`(select 1 from ${sellerMembers} where ${sellerMembers.sellerId} = ${sellerColumn} and ${sellerMembers.userId} = ${userId})`,
  );
}

/** 404 unless the user is a member of the seller. */
export async function requireMembership(db: Db | Tx, userId: string, sellerId: number): Promise<void> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sellerMembers)
    .where(and(eq(sellerMembers.sellerId, sellerId), eq(sellerMembers.userId, userId)))
    .limit(1);
  if (!row) throw AppError.notFound(SellerMessage.notAMember);
}

export type OwnProduct = typeof products.$inferSelect;

/**
 * One of the user's sellers' products, locked `FOR UPDATE` inside a transaction when asked (an
 * edit, a submission); 404 for anyone else's or an unknown one.
 */
export async function requireOwnProduct(
  db: Db | Tx,
  userId: string,
  productId: number,
  options: { lock?: boolean } = {},
): Promise<OwnProduct> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), memberOf(userId, products.sellerId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(SellerMessage.productNotFound);
  return row;
}

/** A plan of one of the user's sellers' products, with its product id; 404 otherwise. */
export async function requireOwnPlan(
  db: Db | Tx,
  userId: string,
  planId: number,
): Promise<{ planId: number; productId: number; name: string }> {
  const [row] = await db
    .select({ planId: plans.id, productId: plans.productId, name: plans.name })
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(and(eq(plans.id, planId), memberOf(userId, products.sellerId)))
    .limit(1);
  if (!row) throw AppError.notFound(SellerMessage.planNotFound);
  return row;
}

/** A submitted product is frozen while the team reviews it (decision 014): withdraw it first. */
export function requireEditable(product: OwnProduct): void {
  if (product.reviewStatus === 'submitted') throw AppError.conflict(SellerMessage.inReview);
}

/**
 * What every change a seller makes to a product also does: a rejected product goes back to
 * draft (its note stays until the next submission), and `updated_at` moves.
 */
export async function markChanged(tx: Tx, product: OwnProduct, at: Date): Promise<void> {
  await tx
    .update(products)
    .set({ updatedAt: at, ...(product.reviewStatus === 'rejected' ? { reviewStatus: 'draft' as const } : {}) })
    .where(eq(products.id, product.id));
}
