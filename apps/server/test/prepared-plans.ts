import type { Db } from '@everdeal/db';
import { sql } from 'drizzle-orm';

/** How PostgreSQL planned a prepared statement's executions: with the values, or its generic plan. */
export type PlanCounts = { custom: number; generic: number };

/**
 * The plan counts of the statements prepared on the session `db` runs on (`pg_prepared_statements`,
 * so PostgreSQL only, and one connection: the view shows its own session's), oldest first, those
 * whose text contains `text`; the statement reading the view is left out.
 */
export async function preparedPlans(db: Db, text: string): Promise<PlanCounts[]> {
  const rows = await db.execute<{ statement: string; generic_plans: string; custom_plans: string }>(
    sql`select statement, generic_plans, custom_plans from pg_prepared_statements order by prepare_time`,
  );
  return (Array.isArray(rows) ? rows : [])
    .filter((row) => row.statement.includes(text) && !row.statement.includes('pg_prepared_statements'))
    .map((row) => ({ custom: Number(row.custom_plans), generic: Number(row.generic_plans) }));
}
