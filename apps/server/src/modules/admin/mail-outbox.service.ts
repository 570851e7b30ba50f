import {
  AdminMailMessages,
  type AdminMailOutbox,
  type AdminOutboxMail,
  AppError,
  type MailOutboxCounts,
  type MailOutboxStatus,
} from '@everdeal/contracts';
import { type Db, mailOutbox } from '@everdeal/db';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { type AdminActor, recordAdminAction } from '../audit';
import type { Outbox } from '../mail';
import { containsPattern } from './products.service';

// The mail outbox seen by an admin (decision 029, docs/operations.md "Mail outbox"): every mail
// with its state, and a retry of one that failed for good. The retry is audited in the
// transaction that puts the mail back in the queue; delivery starts once it has committed.

export const ADMIN_MAIL_PAGE_SIZE = 25;

export type AdminMailDeps = { db: Db; now: () => Date; outbox: Pick<Outbox, 'deliver'> };

const mailColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
};

type MailRow = {
  id: string;
  kind: string;
  to: string;
  subject: string | null;
  status: MailOutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
};

function toAdminMail(row: MailRow): AdminOutboxMail {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    // Only a pending mail has a next attempt; in any other state the column is a leftover.
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** `admin/getMailOutbox`: newest first, by state and part of the address or kind, with each state's count. */
export async function getMailOutbox(
  db: Db,
  input: { status?: MailOutboxStatus | undefined; q?: string | undefined; page: number },
): Promise<AdminMailOutbox> {
  const search: SQL | undefined = input.q
    ? or(ilike(mailOutbox.toAddress, containsPattern(input.q)), ilike(mailOutbox.kind, containsPattern(input.q)))
    : undefined;
  const where = and(search, input.status ? eq(mailOutbox.status, input.status) : undefined);
  const [rows, byStatus] = await Promise.all([
    db
      .select(mailColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(ADMIN_MAIL_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_MAIL_PAGE_SIZE),
    db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).where(search).groupBy(mailOutbox.status),
  ]);
  const counts: MailOutboxCounts = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of byStatus) counts[row.status] = row.n;
  return {
    items: rows.map(toAdminMail),
    total: input.status ? counts[input.status] : Object.values(counts).reduce((sum, n) => sum + n, 0),
    page: input.page,
    pageSize: ADMIN_MAIL_PAGE_SIZE,
    counts,
  };
}

/**
 * `admin/retryMail`: a failed mail is due again now with a fresh count of attempts (the full
 * backoff, should the server still refuse it), then delivered at once. The last error stays
 * until the next attempt's outcome replaces it.
 */
export async function retryMail(deps: AdminMailDeps, actor: AdminActor, id: string): Promise<AdminOutboxMail> {
  const now = deps.now();
  const mail = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select(mailColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
    if (!row) throw AppError.notFound(AdminMailMessages.mailNotFound);
    if (row.status !== 'failed') throw AppError.conflict(AdminMailMessages.notFailed(row.status));
    const [updated] = await tx
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(eq(mailOutbox.id, id))
      .returning(mailColumns);
    if (!updated) throw new Error('update of mail_outbox returned no row');
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'mail.retry',
        targetKind: 'mail',
        targetId: id,
        subject: `${row.kind} to ${row.to}`,
        before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
        after: { status: updated.status, attempts: updated.attempts },
      },
      now,
    );
    return updated;
  });
  deps.outbox.deliver([mail.id]);
  return toAdminMail(mail);
}
