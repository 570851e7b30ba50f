import {
  AppError,
  CODES_PAGE_SIZE,
  maskCode,
  type PlanCodeCounts,
  type PlanCodes,
  type RemoveCodesResult,
  SellerCodesMessage,
} from '@everdeal/contracts';
import { type Db, licenseCodes, products } from '@everdeal/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { recordSellerEdit } from '../audit';
import { planSubject } from './live-terms';
import { requireOwnPlan, type SellerActor, type SellerDeps, type Tx } from './seller-access';

// A plan's codes as its seller manages them (requirements §13, decision 024): counts by state,
// the unsold codes masked to their last 4 characters, one revealed on demand, and removal of
// unsold ones. Sold codes belong to their buyers: they are counted, never listed here.

/** Codes of the plan per state; `sold` is what checkouts allocated and buyers hold. */
async function countCodes(db: Db | Tx, planId: number): Promise<PlanCodeCounts> {
  const rows = await db
    .select({ status: licenseCodes.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(licenseCodes)
    .where(eq(licenseCodes.planId, planId))
    .groupBy(licenseCodes.status);
  const of = (status: (typeof rows)[number]['status']) => rows.find((row) => row.status === status)?.count ?? 0;
  return { available: of('available'), reserved: of('reserved'), sold: of('allocated'), revoked: of('revoked') };
}

/** `seller/getPlanCodes`: the counts and a page of unsold codes, oldest first, masked. */
export async function getPlanCodes(
  deps: SellerDeps,
  userId: string,
  input: { planId: number; page: number },
): Promise<PlanCodes> {
  const plan = await requireOwnPlan(deps.db, userId, input.planId);
  const [product] = await deps.db.select({ name: products.name }).from(products).where(eq(products.id, plan.productId));
  const counts = await countCodes(deps.db, plan.planId);
  const rows = await deps.db
    .select({ id: licenseCodes.id, code: licenseCodes.code, createdAt: licenseCodes.createdAt })
    .from(licenseCodes)
    .where(and(eq(licenseCodes.planId, plan.planId), eq(licenseCodes.status, 'available')))
    .orderBy(asc(licenseCodes.id))
    .limit(CODES_PAGE_SIZE)
    .offset((input.page - 1) * CODES_PAGE_SIZE);
  return {
    plan: { id: plan.planId, name: plan.name, productId: plan.productId, productName: product?.name ?? '' },
    counts,
    // The full code never leaves the server here: a list on a shared screen shows only its tail.
    items: rows.map((row) => ({ id: row.id, masked: maskCode(row.code), addedAt: row.createdAt.toISOString() })),
    total: counts.available,
    page: input.page,
    pageSize: CODES_PAGE_SIZE,
  };
}

/** `seller/revealCode`: one unsold code in full; 404 once it was sold or removed. */
export async function revealCode(
  deps: SellerDeps,
  userId: string,
  input: { planId: number; codeId: number },
): Promise<{ id: number; code: string }> {
  const plan = await requireOwnPlan(deps.db, userId, input.planId);
  const [row] = await deps.db
    .select({ id: licenseCodes.id, code: licenseCodes.code })
    .from(licenseCodes)
    .where(
      and(
        eq(licenseCodes.id, input.codeId),
        eq(licenseCodes.planId, plan.planId),
        eq(licenseCodes.status, 'available'),
      ),
    );
  if (!row) throw AppError.notFound(SellerCodesMessage.codeNotFound);
  return row;
}

/**
 * `seller/removeCodes`: deletes the named codes that are still `available`, in one statement,
 * and records them in the audit log in the same transaction. Race-safe against checkout without
 * a lock of its own: checkout takes codes with `for update skip locked` and marks them `reserved`
 * in one statement (orders/reserve.sql.ts), and this DELETE locks each row it removes. A row checkout holds
 * makes the DELETE wait, then re-read its status (`reserved`: not removed); a row the DELETE holds
 * is skipped by checkout, and once deleted cannot be sold. So a code is sold or removed, never both.
 */
export async function removeCodes(
  deps: SellerDeps,
  actor: SellerActor,
  input: { planId: number; codeIds: number[] },
): Promise<RemoveCodesResult> {
  const wanted = [...new Set(input.codeIds)];
  const at = deps.now();
  const { removed, counts, productId } = await deps.db.transaction(async (tx) => {
    const plan = await requireOwnPlan(tx, actor.id, input.planId);
    const deleted = await tx
      .delete(licenseCodes)
      .where(
        and(
          eq(licenseCodes.planId, plan.planId),
          inArray(licenseCodes.id, wanted),
          eq(licenseCodes.status, 'available'),
        ),
      )
      .returning({ id: licenseCodes.id, code: licenseCodes.code });
    if (deleted.length > 0) {
      deleted.sort((a, b) => a.id - b.id);
      await recordSellerEdit(
        tx,
        actor,
        {
          action: 'plan.removeCodes',
          targetKind: 'product',
          targetId: plan.productId,
          subject: planSubject({ id: plan.planId, name: plan.name }),
          // Masked like the seller's list: the log is read by the team, the codes were secrets.
          before: { removedCodes: deleted.map((row) => ({ id: row.id, code: maskCode(row.code) })) },
          after: { removed: deleted.length },
        },
        at,
      );
    }
    return { removed: deleted.length, counts: await countCodes(tx, plan.planId), productId: plan.productId };
  });
  if (removed === 0) throw AppError.conflict(SellerCodesMessage.nothingRemoved);
  // The store shows codes left and "sold out" from the pool (decision 044).
  deps.catalogChanged(changedBy.codes(productId, true));
  return { removed, notRemoved: wanted.length - removed, counts };
}
