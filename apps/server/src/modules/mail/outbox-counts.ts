import { type Db, mailOutbox } from '@everdeal/db';
import { count } from 'drizzle-orm';

export type OutboxCounts = Record<'pending' | 'sending' | 'sent' | 'failed' | 'skipped', number>;

/** Rows by state, for /metrics (`everdeal_mail_outbox`): the backlog is pending + sending. */
export async function countOutbox(db: Db): Promise<OutboxCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: OutboxCounts = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}
