import type { AdminAuditEntry, AdminAuditPage, GetAuditLogInput } from '@everdeal/contracts';
import { adminActions, type Db, type UserRow } from '@everdeal/db';
import { and, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/** `like` pattern of text taken literally: `%`, `_` and `\` in it match only themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The conditions of the log's filters; the days are UTC days, both ends included. */
function auditFilters(input: Omit<GetAuditLogInput, 'before'>): SQL[] {
  const conditions: SQL[] = [];
  if (input.targetKind) conditions.push(eq(adminActions.targetKind, input.targetKind));
  if (input.targetId) conditions.push(eq(adminActions.targetId, input.targetId));
  if (input.actor) conditions.push(ilike(adminActions.actorEmail, `%${literal(input.actor)}%`));
  if (input.action) {
    // `product` finds every `product.*`; `product.publish` finds that action.
    const action = input.action.toLowerCase();
    const prefixed = like(adminActions.action, `${literal(action)}.%`);
    conditions.push(
      action.includes('.')
        ? eq(adminActions.action, action)
        : (or(eq(adminActions.action, action), prefixed) ?? prefixed),
    );
  }
  if (input.from) conditions.push(gte(adminActions.createdAt, new Date(`${input.from}T00:00:00Z`)));
  if (input.to) conditions.push(lt(adminActions.createdAt, new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS)));
  return conditions;
}

/**
 * `admin/getAuditLog`: newest first, filtered by actor, action, target and days, paged by a
 * cursor (the last row's id), so a long log pages in constant time.
 */
export async function getAuditLog(db: Db, input: GetAuditLogInput): Promise<AdminAuditPage> {
  const conditions = auditFilters(input);
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
