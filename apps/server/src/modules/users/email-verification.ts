import { AppError, type EmailStatus } from '@everdeal/contracts';
import { emailTokens, type UserRow, users } from '@everdeal/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { consumeEmailToken, endEmailTokens, findLiveEmailToken, issueEmailToken } from './email-tokens';
import { AccountMessage } from './messages';
import { verifyEmailMail } from './users.mail';
import type { UsersDeps } from './users-deps';

const linkTo = (deps: UsersDeps, path: string, token: string) =>
  `${deps.brand.publicUrl}${path}?token=${encodeURIComponent(token)}`;

/** A verification link for the account's current address (decision 027), for the sign-up mail or a resend. */
export async function createVerificationLink(deps: UsersDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<string> {
  const token = await issueEmailToken(deps.db, {
    userId: user.id,
    purpose: 'verify',
    email: user.email,
    now: deps.now(),
  });
  return linkTo(deps, '/auth/verify-email', token);
}

/** Decision 027: a new link on request; the route bounds how often. */
export async function resendVerification(deps: UsersDeps, user: UserRow): Promise<null> {
  if (user.emailVerifiedAt) throw AppError.conflict(AccountMessage.emailAlreadyVerified);
  const link = await createVerificationLink(deps, user);
  deps.mailer.sendInBackground(verifyEmailMail(user, link, deps.brand));
  return null;
}

/**
 * Verifies the address a link was mailed to, opened in a session of the account it was mailed
 * for (decision 027). The link proves the mailbox; the session proves whoever chose the password.
 * Both are needed: an address's owner who opens the welcome mail of an account someone else
 * registered in their name must not make that account "confirmed", which would let it keep its
 * password when the owner later signs in with Google. A link for an address the account no longer
 * has (changed since) verifies nothing; another account's session does not spend the link.
 */
export async function verifyEmail(deps: UsersDeps, user: UserRow, token: string): Promise<{ email: string }> {
  const now = deps.now();
  const verified = await deps.db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, { purpose: 'verify', token, now, userId: user.id });
    if (!link) return undefined;
    const [account] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(
        and(eq(users.id, link.userId), eq(users.status, 'active'), sql`lower(${users.email}) = lower(${link.email})`),
      )
      .returning({ id: users.id, email: users.email });
    if (account) await endEmailTokens(tx, account.id, now, 'verify');
    return account;
  });
  if (verified) return { email: verified.email };
  const other = await findLiveEmailToken(deps.db, 'verify', token, now);
  if (other && other.userId !== user.id) throw AppError.conflict(AccountMessage.verifyLinkOtherAccount);
  throw AppError.badRequest(AccountMessage.verifyLinkInvalid);
}

/** The account page's view: verified or not, and the change waiting for its link. */
export async function getEmailStatus(deps: UsersDeps, user: UserRow): Promise<EmailStatus> {
  const [pending] = await deps.db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, user.id),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, deps.now()),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return {
    email: user.email,
    isVerified: user.emailVerifiedAt !== null,
    pendingEmail: pending?.email ?? null,
    pendingExpiresAt: pending?.expiresAt.toISOString() ?? null,
  };
}
