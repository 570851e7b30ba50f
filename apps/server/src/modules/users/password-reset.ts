import { AppError, MAX_PASSWORD_LENGTH } from '@everdeal/contracts';
import { type Db, passwordResetTokens, type UserRow, users } from '@everdeal/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { queueMail } from '../mail';
import { endEmailTokens } from './email-tokens';
import { AccountMessage } from './messages';
import { endSignInLinks, generateToken, hashToken, revokeUserSessions } from './sessions';
import { accountMail, passwordChangedMail, resetPasswordMail } from './users.mail';
import { findUserByEmail, requireUncommonPassword } from './users.service';
import type { UsersDeps } from './users-deps';

/** A reset link is valid 30 minutes (decision 002). */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Ends every unused reset link of a user, e.g. once one of them was used. */
async function expireResetTokens(db: Db, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Mails a reset link to the account of `email` if it has an active one, and does nothing
 * otherwise. The route answers success before this runs (a background task), so neither the
 * answer nor its timing says whether an account exists (decision 002: an existing address used to
 * answer about twice as slowly, after this lookup and insert). The token and its mail are one
 * transaction (decision 029): each request is its own event, mailed once.
 */
export async function forgotPassword(deps: UsersDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user?.status !== 'active') return;
  const token = generateToken();
  const now = deps.now();
  const link = `${deps.brand.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const queued = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passwordResetTokens)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
      })
      .returning({ id: passwordResetTokens.id });
    if (!row) throw new Error('insert into password_reset_tokens returned no row');
    const mail = accountMail('password-reset', row.id, user.id, resetPasswordMail(user, link, deps.brand));
    return queueMail(tx, [mail], now);
  });
  deps.outbox.deliver(queued);
}

/**
 * Sets a new password with a reset token: valid, unexpired and unused, consumed atomically so two
 * requests with one link cannot both succeed. Every session of the user ends. Answers the
 * account's e-mail, so the route can count the address as the owner's (decision 002).
 */
export async function resetPassword(
  deps: UsersDeps,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  const { db } = deps;
  const now = deps.now();
  const tokenHash = hashToken(input.token);
  const isLive = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  // A cheap look first, so a made-up token costs no argon2 work.
  const [candidate] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(isLive);
  if (!candidate) throw AppError.badRequest(AccountMessage.resetLinkInvalid);
  requireUncommonPassword(input.password);
  const passwordHash = await deps.passwords.hash(input.password);
  const changed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(isLive)
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    if (!used) return undefined;
    const [user] = await tx
      .update(users)
      // The link reached the account's mailbox: that proves the address too (decision 027).
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(users.id, used.userId), eq(users.status, 'active')))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!user) return undefined;
    await revokeUserSessions(tx, user.id, now);
    await expireResetTokens(tx, user.id, now);
    await endSignInLinks(tx, user.id, now);
    // The old address's notice promises this: a new password cancels a pending change (decision 027).
    await endEmailTokens(tx, user.id, now, 'change');
    // The used link is the event: its one "password changed" notice.
    const notice = passwordChangedMail(user, { how: 'reset', at: now }, deps.brand);
    return {
      email: user.email,
      queued: await queueMail(tx, [accountMail('password-changed', used.id, user.id, notice)], now),
    };
  });
  if (changed === undefined) throw AppError.badRequest(AccountMessage.resetLinkInvalid);
  deps.outbox.deliver(changed.queued);
  return { email: changed.email };
}

/** Changes the password of a signed-in user; their other sessions end, this one stays. */
export async function changePassword(
  deps: UsersDeps,
  caller: { user: UserRow; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<null> {
  const { user } = caller;
  // Longer than any password we accept: wrong, without spending argon2 on it.
  const isCurrentRight =
    input.currentPassword.length <= MAX_PASSWORD_LENGTH &&
    (user.passwordHash
      ? await deps.passwords.verify(user.passwordHash, input.currentPassword)
      : await deps.passwords.verifyNothing(input.currentPassword));
  if (!isCurrentRight) throw AppError.badRequest(AccountMessage.currentPasswordIncorrect);
  requireUncommonPassword(input.newPassword);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    // Only over the hash just verified: a Google sign-in that claimed the account in between
    // (decision 027) removed it, and its owner's account must not get the claimant's password.
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash ?? '')))
      .returning({ id: users.id });
    if (changed.length === 0) throw AppError.badRequest(AccountMessage.currentPasswordIncorrect);
    await revokeUserSessions(tx, user.id, now, caller.sessionId);
    await expireResetTokens(tx, user.id, now);
    await endSignInLinks(tx, user.id, now);
    await endEmailTokens(tx, user.id, now, 'change');
    // No row names this change: the account and the moment of it do.
    const notice = passwordChangedMail(user, { how: 'changed', at: now }, deps.brand);
    return queueMail(tx, [accountMail('password-changed', `${user.id}:${now.toISOString()}`, user.id, notice)], now);
  });
  deps.outbox.deliver(queued);
  return null;
}
