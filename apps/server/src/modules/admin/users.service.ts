import { AdminMessage, type AdminUser, type AdminUserList, AppError } from '@everdeal/contracts';
import { type Db, type UserRow, users } from '@everdeal/db';
import { asc, eq, ilike, or } from 'drizzle-orm';
import { type AdminActor, recordAdminAction, type Tx } from '../audit';
import { deactivateAccount } from '../users';
import type { AdminDeps } from './admin-deps';
import { containsPattern } from './products.service';

// Users for the admin (requirements §13, decision 015): find an account, deactivate or reactivate
// it, grant or revoke the admin role. An admin never locks themselves out: their own deactivation
// or demotion is a 409, so the last admin cannot leave the area without one.

export const ADMIN_USER_LIMIT = 50;

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `admin/searchUsers`: accounts whose e-mail or name contains the query, by e-mail. */
export async function searchUsers(db: Db, input: { q: string }): Promise<AdminUserList> {
  const pattern = containsPattern(input.q);
  const rows = await db
    .select()
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern)))
    .orderBy(asc(users.email))
    .limit(ADMIN_USER_LIMIT);
  return { users: rows.map(toAdminUser) };
}

async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw AppError.notFound(AdminMessage.userNotFound);
  return row;
}

/**
 * `admin/setUserStatus`: deactivation is the owner's own (users.service.ts `deactivateAccount`:
 * sessions revoked, subscriptions end with their period, decision 002); reactivation lets the
 * account sign in again. The reason, if written, is kept in the audit log.
 */
export async function setUserStatus(
  deps: AdminDeps,
  actor: AdminActor,
  input: { userId: string; status: 'active' | 'deactivated'; reason?: string | undefined },
): Promise<{ user: AdminUser }> {
  if (input.userId === actor.id && input.status === 'deactivated') throw AppError.conflict(AdminMessage.notYourself);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const current = await lockUser(tx, input.userId);
    if (current.status === input.status) return { user: toAdminUser(current) };
    if (input.status === 'deactivated') await deactivateAccount(tx, current.id, at);
    else await tx.update(users).set({ status: 'active', updatedAt: at }).where(eq(users.id, current.id));
    await recordAdminAction(
      tx,
      actor,
      {
        action: input.status === 'deactivated' ? 'user.deactivate' : 'user.reactivate',
        targetKind: 'user',
        targetId: current.id,
        reason: input.reason || null,
        before: { status: current.status },
        after: { status: input.status },
      },
      at,
    );
    return { user: toAdminUser(await lockUser(tx, current.id)) };
  });
}

/** `admin/setUserRole`: grant or revoke the admin role (the role guard reads it on the next call). */
export async function setUserRole(
  deps: AdminDeps,
  actor: AdminActor,
  input: { userId: string; role: 'user' | 'admin' },
): Promise<{ user: AdminUser }> {
  if (input.userId === actor.id && input.role !== 'admin') throw AppError.conflict(AdminMessage.notYourself);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const current = await lockUser(tx, input.userId);
    if (current.role === input.role) return { user: toAdminUser(current) };
    await tx.update(users).set({ role: input.role, updatedAt: at }).where(eq(users.id, current.id));
    await recordAdminAction(
      tx,
      actor,
      {
        action: input.role === 'admin' ? 'user.grant_admin' : 'user.revoke_admin',
        targetKind: 'user',
        targetId: current.id,
        before: { role: current.role },
        after: { role: input.role },
      },
      at,
    );
    return { user: toAdminUser(await lockUser(tx, current.id)) };
  });
}
