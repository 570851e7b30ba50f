import { AppError } from '@everdeal/contracts';
import { type Db, passwordResetTokens, type UserRow, users } from '@everdeal/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AccountMessage } from './messages';
import { generateToken, hashToken, revokeUserSessions } from './sessions';
import { resetPasswordMail } from './users.mail';
import { findUserByEmail, requireUncommonPassword, type UsersDeps } from './users.service';

/** A reset link is valid 30 minutes (issue 3). */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Ends every unused reset link of a user, e.g. once one of them was used. */
async function expireResetTokens(db: Db, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Always answers success, whatever the address and whatever goes wrong, so the answer never
 * says whether an account exists; the mail goes out in the background for the same reason.
 */
export async function forgotPassword(deps: UsersDeps, email: string): Promise<null> {
  try {
    const user = await findUserByEmail(deps.db, email);
    if (user?.status !== 'active') return null;
    const token = generateToken();
    const now = deps.now();
    await deps.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    const link = `${deps.brand.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    deps.mailer.sendInBackground(resetPasswordMail(user, link, deps.brand));
  } catch (error) {
    deps.log.error({ err: error }, 'forgot password failed');
  }
  return null;
}

/**
 * Sets a new password with a reset token: valid, unexpired and unused, consumed atomically so two
 * requests with one link cannot both succeed. Every session of the user ends.
 */
export async function resetPassword(deps: UsersDeps, input: { token: string; password: string }): Promise<null> {
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
  const isDone = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(isLive)
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.status, 'active')))
      .returning({ id: users.id });
    if (!user) return false;
    await revokeUserSessions(tx, user.id, now);
    await expireResetTokens(tx, user.id, now);
    return true;
  });
  if (!isDone) throw AppError.badRequest(AccountMessage.resetLinkInvalid);
  return null;
}

/** Changes the password of a signed-in user; their other sessions end, this one stays. */
export async function changePassword(
  deps: UsersDeps,
  caller: { user: UserRow; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<null> {
  const { user } = caller;
  const isCurrentRight = user.passwordHash
    ? await deps.passwords.verify(user.passwordHash, input.currentPassword)
    : await deps.passwords.verifyNothing(input.currentPassword);
  if (!isCurrentRight) throw AppError.badRequest(AccountMessage.currentPasswordIncorrect);
  requireUncommonPassword(input.newPassword);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now, caller.sessionId);
    await expireResetTokens(tx, user.id, now);
  });
  return null;
}
