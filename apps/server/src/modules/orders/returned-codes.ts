import type { Tx } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import { recordBackInStock } from '../favorites';

/**
 * Codes a failed order or change put back in their pools, by plan: the select list part of a
 * statement whose `codes` CTE returns the codes' `plan_id`.
 */
export const returnedByPlan = sql`coalesce((select json_agg(json_build_object('planId', r.plan_id, 'codes', r.n))
  from (select plan_id, count(*)::int as n from codes group by plan_id) as r), '[]'::json)`;

/**
 * Codes held for less than this made their plan look sold out to no one: a card declined in the
 * checkout request itself gives them back within it. Held longer (a 3-D Secure page left open,
 * an expired checkout), shoppers saw the plan sold out, and its return is news.
 */
const NOTICEABLE_HOLD = '1 minute';

/** The select list part that says whether codes reserved at `reservedAt` were held long enough to be noticed. */
export const heldNoticeably = (reservedAt: SQL, at: Date) =>
  sql`coalesce(${reservedAt} <= ${at.toISOString()}::timestamptz - ${NOTICEABLE_HOLD}::interval, false)`;

export type ReturnedCodes = { planId: number; codes: number }[];

/**
 * A plan sold out until these codes came back is on sale again: its wishlisters hear of it
 * (decision 029), in the transaction that returned them.
 */
export async function recordReturnedCodes(
  tx: Tx,
  row: { returned: ReturnedCodes; noticed: boolean } | undefined,
  at: Date,
): Promise<void> {
  if (!row?.noticed) return;
  for (const { planId, codes } of row.returned) await recordBackInStock(tx, { planId, cameBack: codes }, at);
}
