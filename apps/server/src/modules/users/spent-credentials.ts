/**
 * Credentials that can never be used again are deleted (decision 002): ended sessions, and
 * used or expired reset links, sign-in links and e-mail links. Only their SHA-256 is kept while
 * they live; once spent, a row is kept a week (support can still see that a link was used or ran
 * out), then it goes. Nothing else reads these rows after they end.
 */
import { type Db, emailTokens, passwordResetTokens, sessions, signInLinks } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '../../lib/query-rows';

export const SPENT_CREDENTIALS_KEPT_DAYS = 7;
/** Rows deleted per statement, so no statement holds many row locks or runs long. */
const BATCH = 1000;

/** Deletes the spent rows of one table, a batch at a time; answers how many went. */
async function deleteSpent(db: Db, table: PgTable, spentBefore: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await queryRows<{ deleted: number }>(
      db,
      sql`with gone as (
        delete from ${table} where id in (select id from ${table} where ${spentBefore} limit ${BATCH})
        returning 1
      ) select count(*)::int as "deleted" from gone`,
    );
    const batch = row?.deleted ?? 0;
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
}

/** One round of the `spent-credentials` job (jobs/schedule.ts): answers how many rows it deleted. */
export async function deleteSpentCredentials(db: Db, at: Date): Promise<number> {
  const before = sql`${new Date(at.getTime() - SPENT_CREDENTIALS_KEPT_DAYS * 24 * 60 * 60_000).toISOString()}::timestamptz`;
  const links = sql`coalesce(used_at, expires_at) < ${before}`;
  let deleted = await deleteSpent(db, sessions, sql`coalesce(revoked_at, expires_at) < ${before}`);
  for (const table of [passwordResetTokens, signInLinks, emailTokens]) deleted += await deleteSpent(db, table, links);
  return deleted;
}
