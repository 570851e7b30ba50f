import type { Tx } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { recordBackInStock } from '../favorites';

/**
 * Codes a failed order or change put back in their pools, by plan: the select list part of a
 * statement whose `codes` CTE returns the codes' `plan_id`.
 */
export const returnedByPlan = sql`coalesce((select json_agg(json_build_object('planId', r.plan_id, 'codes', r.n))
  from (select plan_id, count(*)::int as n from codes group by plan_id) as r), '[]'::json)`;

export type ReturnedCodes = { planId: number; codes: number }[];

/** A plan sold out until these codes came back is on sale again: its wishlisters hear of it (decision 029). */
export async function recordReturnedCodes(tx: Tx, returned: ReturnedCodes | null | undefined, at: Date): Promise<void> {
  for (const { planId, codes } of returned ?? []) await recordBackInStock(tx, { planId, cameBack: codes }, at);
}
