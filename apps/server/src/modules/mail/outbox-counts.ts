import { type Db, mailOutbox } from '@everdeal/db';
import { count, inArray } from 'drizzle-orm';

/** The states in which mail waits: the backlog (pending + sending) and what waits for an admin (failed). */
const WAITING = ['pending', 'sending', 'failed'] as const;

export type OutboxCounts = Record<(typeof WAITING)[number], number>;

/**
 * Waiting rows by state, for /metrics (`everdeal_mail_outbox`). Sent and skipped rows are kept
 * (their keys stop a second mail for one event) and only grow: they are left out, so a scrape
 * reads the few waiting rows through the status index, never the whole history; the deliveries
 * counter says how many go out.
 */
export async function countOutbox(db: Db): Promise<OutboxCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, [...WAITING]))
    .groupBy(mailOutbox.status);
  const counts: OutboxCounts = { pending: 0, sending: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof OutboxCounts] = row.count;
  return counts;
}
