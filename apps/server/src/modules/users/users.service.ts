import {
  AppError,
  type AuthResult,
  type DeactivateUserInput,
  MAX_PASSWORD_LENGTH,
  type User,
  ValidationMessage,
} from '@everdeal/contracts';
import { type Db, orderItems, orders, sessions, type UserRow, userIdentities, users } from '@everdeal/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { queueMail } from '../mail';
import { endEmailTokens } from './email-tokens';
import { welcomeWithVerification } from './email-verification';
import { fetchGoogleProfile } from './google';
import { AccountMessage, deactivatedAccountMessage } from './messages';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './passwords';
import { createSession, endSignInLinks, revokeSession, revokeUserSessions } from './sessions';
import { accountMail, passwordRemovedForGoogleMail, welcomeMail } from './users.mail';
import type { UsersDeps } from './users-deps';

/** A Google-only account confirms deactivation with a sign-in at most this old (decision 002). */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

/** The browser's view of a user (contracts UserSchema): never the hash, role or status. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    occupation: row.occupation,
    avatar: row.avatarUrl,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** E-mail addresses are one account whatever their letter case (the unique index is on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row;
}

export function requireUncommonPassword(password: string) {
  if (isCommonPassword(password)) throw AppError.validation(COMMON_PASSWORD_MESSAGE);
}

/** Postgres "unique_violation", whether the driver error is wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === '23505' || codeOf(cause) === '23505';
}

async function signIn(deps: UsersDeps, user: UserRow): Promise<AuthResult> {
  const token = await createSession(deps.db, user.id, deps.now());
  return { token, user: toUser(user) };
}

/**
 * Register (requirements §7). Telling a visitor that an address is taken reveals that it has an account,
 * which any sign-up form does; the rate limits bound how fast anyone can ask. A taken address is
 * checked against the password typed (decision 002): its owner, coming back to a deactivated
 * account, is told so and how to reach support; anyone else hears "already exists", after the
 * same argon2 work whatever the account's state.
 */
export async function register(
  deps: UsersDeps,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<AuthResult> {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) {
    if ((await isOwnersPassword(deps, existing, input.password)) && existing.status !== 'active') {
      throw AppError.conflict(deactivatedAccountMessage(deps.brand.supportEmail));
    }
    throw AppError.validation(AccountMessage.emailTaken);
  }
  requireUncommonPassword(input.password);
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.now();
  let created: { user: UserRow; queued: string[] };
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...input, email: input.email.trim(), passwordHash, createdAt: now, updatedAt: now })
        .returning();
      if (!user) throw new Error('insert into users returned no row');
      // Decision 027: nobody has proven the address yet, so the welcome carries the verification
      // link; the account, the link and the mail are one change (decision 029).
      return { user, queued: await queueMail(tx, [await welcomeWithVerification(deps, tx, user)], now) };
    });
  } catch (error) {
    // Two sign-ups for one address at the same moment: the index decides, the loser hears why.
    if (isUniqueViolation(error)) throw AppError.validation(AccountMessage.emailTaken);
    throw error;
  }
  deps.outbox.deliver(created.queued);
  return signIn(deps, created.user);
}

/**
 * Whether `password` is the account's, after argon2 work of the same cost whether the account
 * has a password or not (a Google-only one never matches), so timing tells nothing.
 */
async function isOwnersPassword(deps: UsersDeps, user: UserRow | undefined, password: string): Promise<boolean> {
  // No account accepts a longer password, so it is wrong without spending argon2 on a megabyte.
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  return user?.passwordHash
    ? deps.passwords.verify(user.passwordHash, password)
    : deps.passwords.verifyNothing(password);
}

/**
 * E-mail and password sign-in. An unknown e-mail, a wrong password and an account without a
 * password (Google only) all get the same 400 after the same argon2 work, so neither the answer
 * nor its timing tells whether an account exists. Only the right password of a deactivated
 * account hears that it was deactivated (409, decision 002).
 */
export async function login(deps: UsersDeps, input: { email: string; password: string }): Promise<AuthResult> {
  if (input.password.length > MAX_PASSWORD_LENGTH) throw AppError.badRequest(AccountMessage.invalidCredentials);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || !(await isOwnersPassword(deps, user, input.password))) {
    throw AppError.badRequest(AccountMessage.invalidCredentials);
  }
  if (user.status !== 'active') throw AppError.conflict(deactivatedAccountMessage(deps.brand.supportEmail));
  return signIn(deps, user);
}

/**
 * Google sign-in (decision 002): a known Google account signs in; otherwise the verified e-mail is
 * linked to the account that has it, or a new account without a password is created.
 */
export async function loginWithGoogle(deps: UsersDeps, accessToken: string): Promise<AuthResult> {
  const profile = await fetchGoogleProfile(deps.google, accessToken, deps.now());
  const { db } = deps;
  const identityOf = async () => {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, 'google'), eq(userIdentities.subject, profile.subject)))
      .limit(1);
    return row?.user;
  };
  const linked = await identityOf();
  let user = linked ?? (await findUserByEmail(db, profile.email));
  // Google vouched for the address, so its owner may hear that the account was deactivated.
  if (user && user.status !== 'active') throw AppError.conflict(deactivatedAccountMessage(deps.brand.supportEmail));
  if (user && !linked) user = await claimUnprovenAccount(deps, user);
  if (!user) {
    const now = deps.now();
    // A parallel first sign-in may create the same address; then both use the one that exists,
    // and only the one that created it queues the welcome, with the account (decision 029).
    const { created, queued } = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          // Google vouched for the address (decision 027).
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return { created: undefined, queued: [] };
      return {
        created: row,
        queued: await queueMail(tx, [accountMail('welcome', row.id, row.id, welcomeMail(row, deps.brand))], now),
      };
    });
    deps.outbox.deliver(queued);
    user = created ?? (await findUserByEmail(db, profile.email));
    if (!user) throw new Error('the Google user could neither be created nor found');
  }
  await db
    .insert(userIdentities)
    .values({ userId: user.id, provider: 'google', subject: profile.subject, email: profile.email })
    .onConflictDoNothing();
  const signedIn = (await identityOf()) ?? user;
  // Google verified this address (fetchGoogleProfile requires it), so it counts as the account's
  // proof when it is the account's address (decision 027); a returning Google account whose
  // address differs from the store's proves nothing about the store's.
  if (!signedIn.emailVerifiedAt && normalizeEmail(signedIn.email) === normalizeEmail(profile.email)) {
    await db
      .update(users)
      .set({ emailVerifiedAt: deps.now() })
      .where(and(eq(users.id, signedIn.id), isNull(users.emailVerifiedAt)));
  }
  return signIn(deps, signedIn);
}

/**
 * Linking Google to an account found by its address (decision 027, "An account registered in
 * someone else's name"). Anyone can register an address they do not own; if its owner later
 * signs in with Google and the account were linked as it is, whoever chose the password would
 * keep a way in. So an account whose address nobody has confirmed loses its password, its other
 * sessions and its pending address links before Google's proof makes it the owner's; its address
 * counts as confirmed from then on. A confirmed account is linked untouched.
 */
async function claimUnprovenAccount(deps: UsersDeps, user: UserRow): Promise<UserRow> {
  if (user.emailVerifiedAt || user.passwordHash === null) return user;
  const now = deps.now();
  const claim = await deps.db.transaction(async (tx) => {
    // Guarded: of a confirmation and this claim running together, whichever lands first decides.
    const [claimed] = await tx
      .update(users)
      .set({ passwordHash: null, emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning();
    if (!claimed) return undefined;
    await revokeUserSessions(tx, user.id, now);
    await endEmailTokens(tx, user.id, now);
    // Greeted without a name: whoever registered the account chose the one it has. An account is
    // claimed once (its address counts as confirmed from then on), so the account is the event.
    const notice = passwordRemovedForGoogleMail({ email: claimed.email, firstName: '' }, deps.brand);
    return { claimed, queued: await queueMail(tx, [accountMail('password-removed', user.id, user.id, notice)], now) };
  });
  if (!claim) {
    const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
    return current ?? user;
  }
  deps.outbox.deliver(claim.queued);
  return claim.claimed;
}

export async function logout(deps: UsersDeps, sessionId: string): Promise<null> {
  await revokeSession(deps.db, sessionId, deps.now());
  return null;
}

/** Only first name, last name and occupation can change (contracts strip anything else). */
export async function updateUserProfile(
  deps: UsersDeps,
  user: UserRow,
  input: { firstName?: string | undefined; lastName?: string | undefined; occupation?: string | undefined },
): Promise<User> {
  const changes = {
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(input.occupation !== undefined ? { occupation: input.occupation } : {}),
  };
  if (Object.keys(changes).length === 0) return toUser(user);
  const [updated] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning();
  // Reviews, questions and threads show their author's first name and initial.
  if (input.firstName !== undefined || input.lastName !== undefined) deps.catalogChanged(changedBy.author());
  return toUser(updated ?? user);
}

/**
 * The caller proves it is the owner before a step a stolen session must not take (decisions 002
 * and 027: deactivation, a change of e-mail): the password of an account that has one; for a
 * Google-only account, a session made in the last 5 minutes (a stolen, older session cannot).
 */
export async function requireOwnerConfirmation(
  deps: UsersDeps,
  caller: { user: UserRow; sessionId: string },
  password: string | undefined,
  freshSignInMessage: string,
): Promise<void> {
  const { user } = caller;
  if (user.passwordHash) {
    if (!password) throw AppError.validation(ValidationMessage.passwordRequired);
    const isRight =
      password.length <= MAX_PASSWORD_LENGTH && (await deps.passwords.verify(user.passwordHash, password));
    if (!isRight) throw AppError.badRequest(AccountMessage.passwordIncorrect);
    return;
  }
  const [session] = await deps.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, caller.sessionId));
  if (!session || deps.now().getTime() - session.createdAt.getTime() > FRESH_SIGN_IN_MS) {
    throw AppError.forbidden(freshSignInMessage);
  }
}

/**
 * Deactivation keeps the row (orders, codes and commissions stay on record) but ends every session
 * and every login, and cancels the account's subscriptions at the end of the period already paid:
 * nobody could log in to cancel them afterwards (decision 002).
 */
export async function deactivateUser(
  deps: UsersDeps,
  caller: { user: UserRow; sessionId: string },
  input: DeactivateUserInput,
): Promise<null> {
  await requireOwnerConfirmation(deps, caller, input.password, AccountMessage.deactivateNeedsFreshSignIn);
  const now = deps.now();
  await deps.db.transaction((tx) => deactivateAccount(tx, caller.user.id, now));
  return null;
}

/**
 * The deactivation itself, inside the caller's transaction: the owner's own (above) and an
 * admin's (decision 015) do exactly the same.
 */
export async function deactivateAccount(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: string,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ status: 'deactivated', updatedAt: now }).where(eq(users.id, userId));
  await revokeUserSessions(tx, userId, now);
  // A link mailed before would sign in again if an admin reactivated the account within its 15 minutes.
  await endSignInLinks(tx, userId, now);
  await tx
    .update(orderItems)
    .set({ cancelAtPeriodEnd: true })
    .where(
      and(
        eq(orderItems.status, 'active'),
        eq(orderItems.planKind, 'subscription'),
        inArray(orderItems.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
      ),
    );
}
