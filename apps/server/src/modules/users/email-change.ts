import { AppError, type ChangeEmailInput } from '@everdeal/contracts';
import { passwordResetTokens, type UserRow, users } from '@everdeal/db';
import { and, eq, isNull } from 'drizzle-orm';
import { queueMail } from '../mail';
import { consumeEmailToken, endEmailTokens, findLiveEmailToken, issueEmailToken } from './email-tokens';
import { AccountMessage } from './messages';
import { endSignInLinks, revokeUserSessions } from './sessions';
import { accountMail, confirmEmailChangeMail, emailChangeNoticeMail } from './users.mail';
import { findUserByEmail, isUniqueViolation, normalizeEmail, requireOwnerConfirmation } from './users.service';
import type { UsersDeps } from './users-deps';

type Caller = { user: UserRow; sessionId: string };

/**
 * Asks to change the account's e-mail (decision 027). The owner confirms (password, or a fresh
 * Google sign-in); only then does a taken address hear "already exists", the answer registration
 * gives anyone. Nothing changes yet: the new address gets the link, the old one a notice, both
 * queued with the link's row (decision 029).
 */
export async function requestEmailChange(deps: UsersDeps, caller: Caller, input: ChangeEmailInput): Promise<null> {
  await requireOwnerConfirmation(deps, caller, input.password, AccountMessage.changeEmailNeedsFreshSignIn);
  const { user } = caller;
  const newEmail = input.newEmail.trim();
  if (normalizeEmail(newEmail) === normalizeEmail(user.email)) throw AppError.validation(AccountMessage.sameEmail);
  if (await findUserByEmail(deps.db, newEmail)) throw AppError.validation(AccountMessage.emailTaken);
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    const { token, id } = await issueEmailToken(tx, { userId: user.id, purpose: 'change', email: newEmail, now });
    const link = `${deps.brand.publicUrl}/user/confirm-email?token=${encodeURIComponent(token)}`;
    return queueMail(
      tx,
      [
        accountMail('email-change-confirm', id, user.id, confirmEmailChangeMail(user, { newEmail, link }, deps.brand)),
        accountMail('email-change-notice', id, user.id, emailChangeNoticeMail(user, newEmail, deps.brand)),
      ],
      now,
    );
  });
  deps.outbox.deliver(queued);
  return null;
}

/**
 * Makes the new address the account's: the link proves the mailbox, the session proves the
 * account (so a link forwarded to, or opened by, anyone else changes nothing). Every other
 * session ends, and so do the reset and sign-in links mailed to the old address.
 */
export async function confirmEmailChange(deps: UsersDeps, caller: Caller, token: string): Promise<{ email: string }> {
  const now = deps.now();
  const userId = caller.user.id;
  const changed = await deps.db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, { purpose: 'change', token, now, userId });
    if (!link) return undefined;
    let row: { email: string } | undefined;
    try {
      [row] = await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.status, 'active')))
        .returning({ email: users.email });
    } catch (error) {
      // Someone signed up with the address (or confirmed it for their account) in the meantime.
      if (isUniqueViolation(error)) throw AppError.validation(AccountMessage.emailTaken);
      throw error;
    }
    if (!row) return undefined;
    await revokeUserSessions(tx, userId, now, caller.sessionId);
    await endEmailTokens(tx, userId, now);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await endSignInLinks(tx, userId, now);
    return row;
  });
  if (changed) return changed;
  const other = await findLiveEmailToken(deps.db, 'change', token, now);
  if (other && other.userId !== userId) throw AppError.conflict(AccountMessage.changeLinkOtherAccount);
  throw AppError.badRequest(AccountMessage.changeLinkInvalid);
}

/** Forgets a change waiting for its link (the account page's "Cancel"). */
export async function cancelEmailChange(deps: UsersDeps, user: UserRow): Promise<null> {
  await endEmailTokens(deps.db, user.id, deps.now(), 'change');
  return null;
}
