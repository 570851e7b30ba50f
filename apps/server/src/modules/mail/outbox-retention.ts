/**
 * How long the outbox keeps a finished row (decision 047). A mail that was sent, or that had
 * nothing left to say (`skipped`), is deleted 90 days after it was queued and sent (a mail an
 * admin retried late keeps its 90 days from the send); the admin's mail list shows those days. A `failed` row stays until an admin retries it, however old: it is the
 * record of a mail that did not arrive. Waiting rows (`pending`, `sending`) are never touched.
 *
 * A row's unique key is what keeps one event from mailing a person twice (decision 029), so a
 * key may go only once nothing can queue its event again. Most keys name a one-off event (an
 * order's receipt, a reset link, a ticket reply) whose change commits once. The jobs that derive
 * mails from state stop deriving a key long before 90 days: a refund reminder is queued at most
 * 7 days before a deadline that is fixed when the order is paid, and never after it; a waitlist
 * announcement queues its recipients within minutes (2,000 a minute) and is then marked
 * finished; a wishlist mail's key names its day; the lifetime promise's credit mail is guarded by
 * the credit's own ledger key. Decision 047 lists each kind.
 */
import { type Db, mailOutbox } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { deleteInBatches } from '../../lib/delete-in-batches';

export const FINISHED_MAIL_KEPT_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

/** Deletes sent and skipped mail queued and sent over 90 days before `at`; answers how many rows went. */
export async function deleteFinishedMail(db: Db, at: Date): Promise<number> {
  const before = new Date(at.getTime() - FINISHED_MAIL_KEPT_DAYS * DAY_MS).toISOString();
  // The queue time narrows the scan through `mail_outbox_status_created_idx` (status, created_at).
  return deleteInBatches(
    db,
    mailOutbox,
    sql`${mailOutbox.status} in ('sent', 'skipped') and ${mailOutbox.createdAt} < ${before}::timestamptz
      and coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt}) < ${before}::timestamptz`,
  );
}
