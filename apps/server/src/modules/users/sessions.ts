import { type Db, sessions, signInLinks, users } from '@everdeal/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { generateToken, hashToken } from '../../lib/opaque-token';
import type { AuthSession } from '../../plugins/auth';

export { generateToken, hashToken };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session lives 30 days after its last use (sliding expiry). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** How stale `last_seen_at` may get before a request renews it: one write a day, not one per call. */
export const SESSION_RENEW_AFTER_MS = DAY_MS;

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    lastSeenAt: now,
    createdAt: now,
  });
  return token;
}

function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The session of a token hash with its user: the one statement every signed-in call costs, so
 * it is prepared once per database (building this SQL costs more CPU than running it; see
 * docs/benchmarks.md). Exported for the benchmark's floor.
 */
export function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/** The live session of a token with its active user, renewing it when it was last seen over a day ago. */
export async function findSession(db: Db, token: string, now: Date): Promise<AuthSession | null> {
  const [row] = await sessionLookup(db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const { session, user } = row;
  if (session.revokedAt || session.expiresAt.getTime() <= now.getTime() || user.status !== 'active') return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, session.id));
  }
  return { user, sessionId: session.id };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, or every one but `exceptSessionId` (the caller's own). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/**
 * Ends the user's unused mailed sign-in links: each is a session to come, so what ends the
 * sessions for the account's safety (a new password, a new address, deactivation) ends them too
 * (decisions 002, 027). A link mailed before a password reset once still signed in after it.
 */
export async function endSignInLinks(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.userId, userId), isNull(signInLinks.usedAt)));
}
