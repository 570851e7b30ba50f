import type { AdminAuditEntry, AdminAuditPage } from '@everdeal/contracts';
import { adminActions, type Db, type UserRow } from '@everdeal/db';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';

// The admin audit log (requirements §13, decision 015): every admin action is one row, written
// in the transaction that makes the change, so a change and its record stand or fall together.
// Sellers' edits of approved products are logged the same way (decision 019), marked as a seller's.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who acted: the admin's id and the e-mail they had then (kept if the account goes later). */
export type AdminActor = Pick<UserRow, 'id' | 'email'>;

export interface AdminActionEntry {
  /** `<target kind>.<verb>`, such as `product.publish` or `application.reject`. */
  action: string;
  targetKind: string;
  targetId: string | number;
  /** The part of the target the change is about, such as `plan Tier 1 (#12)`. */
  subject?: string | null;
  reason?: string | null;
  /** The fields the action changed, as they were and as they are; null where nothing existed. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordAdminAction(tx: Tx | Db, actor: AdminActor, entry: AdminActionEntry, at: Date) {
  await insertAuditRow(tx, actor, 'admin', entry, at);
}

/** A seller's edit of an approved product (decision 019): the same log, the actor marked as a seller. */
export async function recordSellerEdit(tx: Tx, actor: AdminActor, entry: AdminActionEntry, at: Date) {
  await insertAuditRow(tx, actor, 'seller', entry, at);
}

async function insertAuditRow(
  tx: Tx | Db,
  actor: AdminActor,
  actorKind: 'admin' | 'seller',
  entry: AdminActionEntry,
  at: Date,
) {
  await tx.insert(adminActions).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorKind,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: String(entry.targetId),
    subject: entry.subject ?? null,
    reason: entry.reason ?? null,
    before: entry.before,
    after: entry.after,
    createdAt: at,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * `admin/getAuditLog`: newest first, optionally for one target, paged by a cursor (the last
 * row's id), so a long log pages in constant time.
 */
export async function getAuditLog(
  db: Db,
  input: { targetKind?: string; targetId?: string; before?: number },
): Promise<AdminAuditPage> {
  const conditions: SQL[] = [];
  if (input.targetKind) conditions.push(eq(adminActions.targetKind, input.targetKind));
  if (input.targetId) conditions.push(eq(adminActions.targetId, input.targetId));
  if (input.before !== undefined) conditions.push(lt(adminActions.id, input.before));
  const rows = await db
    .select()
    .from(adminActions)
    .where(and(...conditions))
    .orderBy(desc(adminActions.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const items: AdminAuditEntry[] = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorKind: row.actorKind,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    subject: row.subject,
    reason: row.reason,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, nextBefore: rows.length > AUDIT_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
}
