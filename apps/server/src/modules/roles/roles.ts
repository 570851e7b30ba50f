import type { ApiRole, MyAreas } from '@everdeal/contracts';
import { type Db, sellerMembers, type UserRow, users } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '../users';

/**
 * The roles of requirements §6 as the route table's guard asks for them: an admin is a user
 * whose `users.role` is `admin`; a seller is a member of at least one seller (a seller exists
 * once an admin approved its application). Which seller's products a member may change is the
 * seller services' own check, never this one's.
 */
export async function hasRole(db: Db, user: UserRow, role: ApiRole): Promise<boolean> {
  if (role === 'admin') return user.role === 'admin';
  const [membership] = await db
    .select({ sellerId: sellerMembers.sellerId })
    .from(sellerMembers)
    .where(eq(sellerMembers.userId, user.id))
    .limit(1);
  return membership !== undefined;
}

/**
 * The areas the user's menus link to (decision 023): the same answers as the route table's guard,
 * so a link is shown exactly when the area's calls would let the user in.
 */
export async function getMyAreas(db: Db, user: UserRow): Promise<MyAreas> {
  const [seller, admin] = await Promise.all([hasRole(db, user, 'seller'), hasRole(db, user, 'admin')]);
  return { seller, admin };
}

export type UserRoleName = UserRow['role'];

/**
 * Sets the role of the account registered under `email` (matched case-insensitively, as sign-in
 * does) and answers its role before and after, or null when no account has that address. The
 * `npm run admin:grant` command uses it.
 */
export async function setUserRoleByEmail(
  db: Db,
  email: string,
  role: UserRoleName,
): Promise<{ userId: string; before: UserRoleName; after: UserRoleName } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
      .for('update');
    if (!user) return null;
    if (user.role !== role) await tx.update(users).set({ role }).where(eq(users.id, user.id));
    return { userId: user.id, before: user.role, after: role };
  });
}
