/**
 * Credentials that can never be used again are deleted (decision 002): ended sessions, and
 * used or expired reset links, sign-in links and e-mail links. Only their SHA-256 is kept while
 * they live; once spent, a row is kept a week (support can still see that a link was used or ran
 * out), then it goes. Nothing else reads these rows after they end.
 */
import { type Db, emailTokens, passwordResetTokens, sessions, signInLinks } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { deleteInBatches } from '../../lib/delete-in-batches';

export const SPENT_CREDENTIALS_KEPT_DAYS = 7;

/** One round of the `spent-credentials` job (jobs/schedule.ts): answers how many rows it deleted. */
export async function deleteSpentCredentials(db: Db, at: Date): Promise<number> {
  const before = sql`${new Date(at.getTime() - SPENT_CREDENTIALS_KEPT_DAYS * 24 * 60 * 60_000).toISOString()}::timestamptz`;
  const links = sql`coalesce(used_at, expires_at) < ${before}`;
  let deleted = await deleteInBatches(db, sessions, sql`coalesce(revoked_at, expires_at) < ${before}`);
  for (const table of [passwordResetTokens, signInLinks, emailTokens])
    deleted += await deleteInBatches(db, table, links);
  return deleted;
}
