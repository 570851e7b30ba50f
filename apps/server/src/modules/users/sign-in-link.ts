import { AppError, type AuthResult } from '@everdeal/contracts';
import { signInLinks, users } from '@everdeal/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { queueMail } from '../mail';
import { AccountMessage } from './messages';
import { createSession, endSignInLinks, generateToken, hashToken } from './sessions';
import { accountMail, signInLinkMail } from './users.mail';
import { findUserByEmail, toUser } from './users.service';
import type { UsersDeps } from './users-deps';

/** A sign-in link is valid 15 minutes (decision 002), the window of one link mail per account. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Mails a single-use sign-in link to the account of `email`, if it has an active one; nothing
 * otherwise. Runs as a background task, so the caller's answer says nothing either way. The link
 * and its mail are one transaction (decision 029).
 */
export async function mailSignInLink(deps: UsersDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'active') return;
  const token = generateToken();
  const now = deps.now();
  const link = `${deps.brand.publicUrl}/auth/sign-in-link?token=${encodeURIComponent(token)}`;
  const queued = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signInLinks)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
        createdAt: now,
      })
      .returning({ id: signInLinks.id });
    if (!row) throw new Error('insert into sign_in_links returned no row');
    return queueMail(tx, [accountMail('sign-in-link', row.id, user.id, signInLinkMail(user, link, deps.brand))], now);
  });
  deps.outbox.deliver(queued);
}

/**
 * Signs in with a mailed link: valid, unexpired and unused, consumed atomically (two requests with
 * one link cannot both succeed), for an active user. The user's other unused links end with it.
 */
export async function loginWithLink(deps: UsersDeps, token: string): Promise<AuthResult> {
  const now = deps.now();
  const user = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(signInLinks)
      .set({ usedAt: now })
      .where(
        and(eq(signInLinks.tokenHash, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)),
      )
      .returning({ userId: signInLinks.userId });
    if (!used) return undefined;
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, used.userId), eq(users.status, 'active')));
    if (!row) return undefined;
    await endSignInLinks(tx, row.id, now);
    return row;
  });
  if (!user) throw AppError.badRequest(AccountMessage.signInLinkInvalid);
  const sessionToken = await createSession(deps.db, user.id, now);
  return { token: sessionToken, user: toUser(user) };
}
