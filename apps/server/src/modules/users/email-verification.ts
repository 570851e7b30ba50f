import { AppError, type EmailStatus } from '@everdeal/contracts';
import { emailTokens, type Tx, type UserRow, users } from '@everdeal/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type QueuedMail, queueMail } from '../mail';
import { consumeEmailToken, endEmailTokens, findLiveEmailToken, issueEmailToken } from './email-tokens';
import { AccountMessage } from './messages';
import { accountMail, verifyEmailMail, welcomeMail } from './users.mail';
import type { UsersDeps } from './users-deps';

const linkTo = (deps: UsersDeps, path: string, token: string) =>
  `${deps.brand.publicUrl}${path}?token=${encodeURIComponent(token)}`;

type Account = Pick<UserRow, 'id' | 'email' | 'firstName'>;

/**
 * The welcome mail of a password sign-up, in the transaction that creates the account: it carries
 * the verification link of the account's address (decision 027), so the link's row is written
 * here too.
 */
export async function welcomeWithVerification(deps: UsersDeps, tx: Tx, user: Account): Promise<QueuedMail> {
  const { token } = await issueEmailToken(tx, {
    userId: user.id,
    purpose: 'verify',
    email: user.email,
    now: deps.now(),
  });
  const link = linkTo(deps, '/auth/verify-email', token);
  return accountMail('welcome', user.id, user.id, welcomeMail(user, deps.brand, link));
}

/** Decision 027: a new link on request; the route bounds how often. Each link is its own mail. */
export async function resendVerification(deps: UsersDeps, user: UserRow): Promise<null> {
  if (user.emailVerifiedAt) throw AppError.conflict(AccountMessage.emailAlreadyVerified);
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    const { token, id } = await issueEmailToken(tx, { userId: user.id, purpose: 'verify', email: user.email, now });
    const mail = verifyEmailMail(user, linkTo(deps, '/auth/verify-email', token), deps.brand);
    return queueMail(tx, [accountMail('email-verification', id, user.id, mail)], now);
  });
  deps.outbox.deliver(queued);
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
