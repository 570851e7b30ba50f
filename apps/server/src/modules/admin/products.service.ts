import {
  ADMIN_PAGE_SIZE,
  type AdminGetProductsInputSchema,
  AdminMessage,
  type AdminProduct,
  type AdminProductList,
  type AdminUpdateProductInputSchema,
  AppError,
  LifetimePromiseMessage,
  lifetimePromiseOf,
  type ReviewProductInputSchema,
} from '@everdeal/contracts';
import { type Db, products, sellerMembers, sellers, users } from '@everdeal/db';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedBy } from '../../lib/cache-tags';
import { type AdminActor, recordAdminAction, type Tx } from '../audit';
import { queueMail } from '../mail';
import { queueProductLiveMails } from '../sellers';
import { productReviewedMail } from './admin.mail';
import type { AdminDeps } from './admin-deps';

// The admin's products (requirements §13, decisions 014 and 015): the review queue of submitted
// products, and publishing, featuring and the deal's status and end time of any product.

type ProductRow = typeof products.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

const productColumns = {
  product: products,
  sellerName: sellers.name,
};

function toAdminProduct(row: { product: ProductRow; sellerName: string }): AdminProduct {
  const { product } = row;
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    tagline: product.tagline,
    logoUrl: product.logoUrl,
    sellerId: product.sellerId,
    sellerName: row.sellerName,
    reviewStatus: product.reviewStatus,
    reviewNote: product.reviewNote,
    submittedAt: iso(product.submittedAt),
    isPublished: product.isPublished,
    isFeatured: product.isFeatured,
    dealStatus: product.dealStatus,
    endsAt: iso(product.endsAt),
    updatedAt: product.updatedAt.toISOString(),
    lifetimePromise: lifetimePromiseOf(product.lifetimePromise, product.sunsetAt, product.sunsetMessage),
  };
}

/** `%`, `_` and `\` typed by an admin are letters, not patterns. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `admin/getProducts`: submitted products first, the longest waiting first; then the latest changed. */
export async function getAdminProducts(
  db: Db,
  input: z.output<typeof AdminGetProductsInputSchema>,
): Promise<AdminProductList> {
  const conditions: SQL[] = [];
  if (input.reviewStatus) conditions.push(eq(products.reviewStatus, input.reviewStatus));
  if (input.q) {
    const pattern = containsPattern(input.q);
    const matches = or(ilike(products.name, pattern), ilike(products.slug, pattern), ilike(sellers.name, pattern));
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(where)
      .orderBy(
        sql`${products.reviewStatus} = 'submitted' desc`,
        asc(products.submittedAt),
        desc(products.updatedAt),
        desc(products.id),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(where),
  ]);
  return { items: rows.map(toAdminProduct), total: counted?.total ?? 0, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

/** The product row locked for the change, with its seller's name; 404 for an unknown id. */
async function lockProduct(tx: Tx, productId: number) {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(products.id, productId))
    .for('no key update', { of: products });
  if (!row) throw AppError.notFound(AdminMessage.productNotFound);
  return row;
}

async function reload(tx: Tx, productId: number): Promise<AdminProduct> {
  return toAdminProduct(await lockProduct(tx, productId));
}

/**
 * `admin/reviewProduct`: the decision of decision 014 on a submitted product. Approving does not
 * publish (an admin does that with `admin/updateProduct`); rejecting needs the note the seller
 * reads. Every member of the seller is mailed, queued with the decision (decision 029).
 */
export async function reviewProduct(
  deps: AdminDeps,
  actor: AdminActor,
  input: z.output<typeof ReviewProductInputSchema>,
): Promise<AdminProduct> {
  const note = input.note || null;
  if (input.decision === 'reject' && !note) throw AppError.validation(AdminMessage.rejectNeedsNote);
  const at = deps.now();
  const reviewed = await deps.db.transaction(async (tx) => {
    const { product: current } = await lockProduct(tx, input.productId);
    if (current.reviewStatus !== 'submitted') throw AppError.conflict(AdminMessage.notSubmitted);
    const reviewStatus = input.decision === 'approve' ? 'approved' : 'rejected';
    await tx.update(products).set({ reviewStatus, reviewNote: note, updatedAt: at }).where(eq(products.id, current.id));
    await recordAdminAction(
      tx,
      actor,
      {
        action: `product.${input.decision}`,
        targetKind: 'product',
        targetId: current.id,
        reason: note,
        before: { reviewStatus: current.reviewStatus, reviewNote: current.reviewNote },
        after: { reviewStatus, reviewNote: note },
      },
      at,
    );
    const members = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(sellerMembers)
      .innerJoin(users, eq(users.id, sellerMembers.userId))
      .where(and(eq(sellerMembers.sellerId, current.sellerId), eq(users.status, 'active')));
    // A submitted product is reviewed once: this review, at this moment, is the event.
    const queued = await queueMail(
      tx,
      members.map((member) => ({
        key: `product-reviewed:${current.id}:${at.toISOString()}:${member.id}`,
        kind: 'product-reviewed',
        to: member.email,
        userId: member.id,
        message: productReviewedMail(member, current, input.decision, note, deps.brand),
      })),
      at,
    );
    return { product: await reload(tx, current.id), queued };
  });
  deps.outbox.deliver(reviewed.queued);
  return reviewed.product;
}

type ProductChange = Partial<Pick<ProductRow, 'isPublished' | 'isFeatured' | 'dealStatus' | 'endsAt'>>;

/** The changed fields as JSON for the audit log (dates as ISO strings). */
function auditFields(change: ProductChange, from: ProductRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(change).map((key) => {
      const value = from[key as keyof ProductChange];
      return [key, value instanceof Date ? value.toISOString() : value];
    }),
  );
}

/**
 * `admin/updateProduct`: only the fields sent change. Publishing needs an approved product (the
 * table's check says so too; this gives the admin a 409 that says why). The catalogue's caches are
 * cleared once committed, so the store shows the change at once (decision 004).
 */
export async function updateAdminProduct(
  deps: AdminDeps,
  actor: AdminActor,
  input: z.output<typeof AdminUpdateProductInputSchema>,
): Promise<AdminProduct> {
  const at = deps.now();
  let queued: string[] = [];
  const product = await deps.db.transaction(async (tx) => {
    const { product: current } = await lockProduct(tx, input.productId);
    const change: ProductChange = {};
    if (input.isPublished !== undefined && input.isPublished !== current.isPublished) {
      if (input.isPublished && current.reviewStatus !== 'approved') {
        throw AppError.conflict(AdminMessage.publishNeedsApproval);
      }
      change.isPublished = input.isPublished;
    }
    if (input.isFeatured !== undefined && input.isFeatured !== current.isFeatured) change.isFeatured = input.isFeatured;
    if (input.dealStatus !== undefined && input.dealStatus !== current.dealStatus) {
      // An ending deal stays unsold (decision 031): its buyers were told, its protection is due.
      if (current.lifetimePromise !== 'active') throw AppError.conflict(LifetimePromiseMessage.reopenRefused);
      change.dealStatus = input.dealStatus;
    }
    if (input.endsAt !== undefined) {
      const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
      if (endsAt?.getTime() !== current.endsAt?.getTime()) change.endsAt = endsAt;
    }
    if (Object.keys(change).length === 0) return reload(tx, current.id);
    const [updated] = await tx
      .update(products)
      .set({ ...change, updatedAt: at })
      .where(eq(products.id, current.id))
      .returning();
    if (!updated) throw new Error(`product ${current.id} vanished while locked`);
    if (change.isPublished) queued = await queueProductLiveMails(tx, deps.brand, updated, at);
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'product.update',
        targetKind: 'product',
        targetId: current.id,
        before: auditFields(change, current),
        after: auditFields(change, updated),
      },
      at,
    );
    return reload(tx, current.id);
  });
  // Published, unpublished or edited: the product and every list (decision 044).
  deps.catalogChanged(changedBy.listing(product.id));
  deps.outbox.deliver(queued);
  return product;
}
