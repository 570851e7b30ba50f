import type { Db } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from './query-rows';

/** Rows deleted per statement, so no statement holds many row locks or runs long. */
const BATCH = 1000;

/**
 * Deletes the rows of `table` (keyed by `id`) that meet `condition`, a batch at a time; answers
 * how many went. Two instances running it at once are safe: the second waits on the rows the
 * first deletes, then finds them gone and deletes nothing twice. The condition is checked again
 * on the row being deleted: a row changed meanwhile (a failed webhook delivery redelivered) is
 * re-read after its lock, and PostgreSQL re-checks only the outer condition, not the subquery's.
 */
export async function deleteInBatches(db: Db, table: PgTable, condition: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await queryRows<{ deleted: number }>(
      db,
      sql`with gone as (
        delete from ${table} where id in (select id from ${table} where ${condition} limit ${BATCH})
          and ${condition}
        returning 1
      ) select count(*)::int as "deleted" from gone`,
    );
    const batch = row?.deleted ?? 0;
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
}
