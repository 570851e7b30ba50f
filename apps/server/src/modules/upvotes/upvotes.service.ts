import type { Upvote, UpvoteList, UpvoteStatus } from '@everdeal/contracts';
import { type Db, products, upvotes } from '@everdeal/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type CatalogChanged, changedBy } from '../../lib/cache-tags';
import { type CatalogDeps, getProductSummaries, requireProductRef } from '../catalog';

export type UpvotesDeps = CatalogDeps & {
  /** Told after a vote moved a product's count, so the answers showing it are dropped (decision 044). */
  catalogChanged: CatalogChanged;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A product, and the plan or null for a product-level upvote (requirements §3). */
type UpvoteRef = { productId: number; variantId: number | null };

/** Narrowed to the caller's user id first: ids in a payload never reach another user's rows. */
function ownUpvote(userId: string, { productId, variantId }: UpvoteRef) {
  return and(
    eq(upvotes.userId, userId),
    eq(upvotes.productId, productId),
    variantId === null ? isNull(upvotes.planId) : eq(upvotes.planId, variantId),
  );
}

/** Moves the product's denormalised count by one, inside the caller's transaction, and answers the new count. */
async function moveUpvoteCount(tx: Tx, productId: number, by: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ upvoteCount: sql`${products.upvoteCount} + ${by}` })
    .where(eq(products.id, productId))
    .returning({ upvoteCount: products.upvoteCount });
  return row?.upvoteCount ?? 0;
}

async function readUpvoteCount(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx.select({ upvoteCount: products.upvoteCount }).from(products).where(eq(products.id, productId));
  return row?.upvoteCount ?? 0;
}

/**
 * `/api/products/addUpvote`: idempotent. The row and the count change in one transaction, and
 * the count moves only when a row was really inserted, so parallel calls can neither count a
 * vote twice nor miss one.
 */
export async function addUpvote(
  { db, catalogChanged }: UpvotesDeps,
  userId: string,
  ref: UpvoteRef,
): Promise<UpvoteStatus> {
  await requireProductRef(db, ref);
  const { moved, upvoteCount } = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(upvotes)
      .values({ userId, productId: ref.productId, planId: ref.variantId })
      .onConflictDoNothing()
      .returning({ id: upvotes.id });
    const moved = inserted.length > 0;
    return {
      moved,
      upvoteCount: moved ? await moveUpvoteCount(tx, ref.productId, 1) : await readUpvoteCount(tx, ref.productId),
    };
  });
  if (moved) catalogChanged(changedBy.upvote(ref.productId));
  return { isUpvoted: true, upvoteCount };
}

/** `/api/products/removeUpvote`: idempotent; the count moves only when a row was really deleted. */
export async function removeUpvote(
  { db, catalogChanged }: UpvotesDeps,
  userId: string,
  ref: UpvoteRef,
): Promise<UpvoteStatus> {
  await requireProductRef(db, ref);
  const { moved, upvoteCount } = await db.transaction(async (tx) => {
    const deleted = await tx.delete(upvotes).where(ownUpvote(userId, ref)).returning({ id: upvotes.id });
    const moved = deleted.length > 0;
    return {
      moved,
      upvoteCount: moved ? await moveUpvoteCount(tx, ref.productId, -1) : await readUpvoteCount(tx, ref.productId),
    };
  });
  if (moved) catalogChanged(changedBy.upvote(ref.productId));
  return { isUpvoted: false, upvoteCount };
}

/** `/api/products/checkUpvoteStatus`: one statement for the product check and the count, one for the vote. */
export async function checkUpvoteStatus({ db }: UpvotesDeps, userId: string, ref: UpvoteRef): Promise<UpvoteStatus> {
  const { upvoteCount } = await requireProductRef(db, ref);
  const [own] = await db.select({ id: upvotes.id }).from(upvotes).where(ownUpvote(userId, ref)).limit(1);
  return { isUpvoted: own !== undefined, upvoteCount };
}

/** `/api/products/getUserUpvotes`: newest first, each with its product; three statements. */
export async function getUserUpvotes(deps: UpvotesDeps, userId: string): Promise<UpvoteList> {
  const rows = await deps.db
    .select({
      id: upvotes.id,
      productId: upvotes.productId,
      variantId: upvotes.planId,
      userId: upvotes.userId,
      createdAt: upvotes.createdAt,
    })
    .from(upvotes)
    .innerJoin(products, and(eq(products.id, upvotes.productId), eq(products.isPublished, true)))
    .where(eq(upvotes.userId, userId))
    .orderBy(desc(upvotes.createdAt), desc(upvotes.id));
  const summaries = await getProductSummaries(
    deps,
    rows.map((row) => row.productId),
  );
  const list: Upvote[] = rows.flatMap((row) => {
    const product = summaries.get(row.productId);
    return product ? [{ ...row, createdAt: row.createdAt.toISOString(), product }] : [];
  });
  return { upvotes: list, totalCount: list.length };
}
