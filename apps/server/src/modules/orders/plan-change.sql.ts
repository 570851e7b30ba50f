/**
 * The codes left per plan for a bought item's plan options (decision 010). The finish of a plan
 * change is in `adjustments.sql.ts` with the other adjustments'.
 */
import { type Db, licenseCodes } from '@everdeal/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * Available codes per plan. A grouped query of its own rather than a correlated subquery in the
 * plans' select: Drizzle writes a single-table select's columns unqualified, so `${plans.id}` in
 * such a subquery named the code's own `id`, and every plan counted zero.
 */
export async function codesLeftByPlan(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: licenseCodes.planId, left: sql<number>`count(*)`.mapWith(Number) })
    .from(licenseCodes)
    .where(and(inArray(licenseCodes.planId, planIds), eq(licenseCodes.status, 'available')))
    .groupBy(licenseCodes.planId);
  return new Map(rows.map((row) => [row.planId, row.left]));
}
