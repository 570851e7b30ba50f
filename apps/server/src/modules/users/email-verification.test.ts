import type { EmailStatus } from '@everdeal/contracts';
import { emailTokens, users } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  GOOD_PASSWORD,
  linkTokenFromMail,
  registerUser,
  resetTokenFromMail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { hashEmailToken } from './email-tokens';
import { hashToken } from './sessions';

let clock: Date | undefined;
let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() });
  limited = await createTestApp({ rateLimits: { resendVerificationPerUser: { points: 2, durationSeconds: 3600 } } });
});
afterAll(async () => {
  await t?.close();
  await limited?.close();
});

const WELCOME = /Subject: Welcome to Everdeal/;
const RESEND = /Subject: Confirm your Everdeal e-mail address/;
const INVALID = 'The verification link is invalid or has expired';

/** Registers and returns the user with the token of the verification link in the welcome mail. */
async function registerWithLink(app: TestApp = t) {
  const user = await registerUser(app.app);
  const mail = await waitForMailFile(app.dataDir, user.email, WELCOME);
  return { ...user, verifyToken: linkTokenFromMail(mail, '/auth/verify-email') };
}

const statusOf = async (token: string, app: TestApp = t) =>
  (await callApi<EmailStatus>(app.app, 'users/getEmailStatus', {}, { token })).body.data;

describe('verification at sign-up', () => {
  it('the welcome mail carries a single-use link that verifies the address in a session of its account', async () => {
    const user = await registerWithLink();
    const mail = decodeQuotedPrintable(await waitForMailFile(t.dataDir, user.email, WELCOME));
    expect(mail).toContain('Confirm my e-mail address');
    expect(mail).toContain('expires in 24 hours');
    expect(await statusOf(user.token)).toEqual({
      email: user.email,
      isVerified: false,
      pendingEmail: null,
      pendingExpiresAt: null,
    });

    // Only a hash bound to the purpose is stored, for 24 hours.
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.user.id));
    expect(row).toMatchObject({ purpose: 'verify', email: user.email, usedAt: null });
    expect(row?.tokenHash).toBe(hashEmailToken('verify', user.verifyToken));
    expect(row?.tokenHash).not.toBe(hashToken(user.verifyToken));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(24 * 60 * 60 * 1000);
    const dump = await t.db.execute(sql`select row_to_json(e)::text as json from email_tokens e`);
    expect(JSON.stringify(dump)).not.toContain(user.verifyToken);

    // Signed out, or in another account's session, the link verifies nothing and stays unspent:
    // the link proves the mailbox, the session proves who chose the password (decision 027).
    const signedOut = await callApi(t.app, 'users/verifyEmail', { token: user.verifyToken });
    expect(signedOut.status).toBe(401);
    const stranger = await registerUser(t.app);
    const other = await callApi(t.app, 'users/verifyEmail', { token: user.verifyToken }, { token: stranger.token });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe(
      'This link is for another account. Log out, log in to the account that registered this address, then open it again.',
    );
    expect((await statusOf(stranger.token)).isVerified).toBe(false);
    const { status, body } = await callApi(
      t.app,
      'users/verifyEmail',
      { token: user.verifyToken },
      { token: user.token },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, msg: 'success', data: { email: user.email } });
    expect((await statusOf(user.token)).isVerified).toBe(true);
  });

  it('a second use of the link is refused', async () => {
    const user = await registerWithLink();
    const first = await callApi(t.app, 'users/verifyEmail', { token: user.verifyToken }, { token: user.token });
    expect(first.status).toBe(200);
    const again = await callApi(t.app, 'users/verifyEmail', { token: user.verifyToken }, { token: user.token });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(INVALID);
  });

  it("expires 24 hours after it was sent, on the app's clock", async () => {
    const user = await registerWithLink();
    clock = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    try {
      const { status, body } = await callApi(
        t.app,
        'users/verifyEmail',
        { token: user.verifyToken },
        { token: user.token },
      );
      expect(status).toBe(400);
      expect(body.msg).toBe(INVALID);
    } finally {
      clock = undefined;
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('a made-up, empty or over-long token is refused with the same message', async () => {
    const user = await registerUser(t.app);
    for (const token of ['x'.repeat(43), '', 'x'.repeat(201)]) {
      const { status, body } = await callApi(t.app, 'users/verifyEmail', { token }, { token: user.token });
      expect([400, 422]).toContain(status);
      expect(body.msg).toBe(INVALID);
    }
  });
});

describe('tokens of one purpose never pass for another', () => {
  it('a password-reset token does not verify, and a verification token neither resets, signs in nor changes the address', async () => {
    const user = await registerWithLink();
    await callApi(t.app, 'users/forgotPassword', { email: user.email });
    const resetToken = resetTokenFromMail(await waitForMailFile(t.dataDir, user.email, /Reset your Everdeal password/));

    const withReset = await callApi(t.app, 'users/verifyEmail', { token: resetToken }, { token: user.token });
    expect(withReset.status).toBe(400);
    expect(withReset.body.msg).toBe(INVALID);

    const asReset = await callApi(t.app, 'users/resetPassword', { token: user.verifyToken, password: GOOD_PASSWORD });
    expect(asReset.status).toBe(400);
    const asSignInLink = await callApi(t.app, 'users/loginWithLink', { token: user.verifyToken });
    expect(asSignInLink.status).toBe(400);
    const asChange = await callApi(
      t.app,
      'users/confirmEmailChange',
      { token: user.verifyToken },
      { token: user.token },
    );
    expect(asChange.status).toBe(400);
    expect(asChange.body.msg).toBe('The confirmation link is invalid or has expired');

    // None of those spent it: it still verifies.
    expect((await callApi(t.app, 'users/verifyEmail', { token: user.verifyToken }, { token: user.token })).status).toBe(
      200,
    );
  });

  it('a change-of-address token does not verify', async () => {
    const user = await registerWithLink();
    const newEmail = `renamed-${user.email}`;
    await callApi(t.app, 'users/changeEmail', { newEmail, password: user.password }, { token: user.token });
    const changeToken = linkTokenFromMail(
      await waitForMailFile(t.dataDir, newEmail, /Confirm your new Everdeal e-mail address/),
      '/user/confirm-email',
    );
    const { status, body } = await callApi(t.app, 'users/verifyEmail', { token: changeToken }, { token: user.token });
    expect(status).toBe(400);
    expect(body.msg).toBe(INVALID);
    expect((await statusOf(user.token)).isVerified).toBe(false);
  });
});

describe('resendVerification', () => {
  it('mails a new link, ends the earlier one, and is refused once the address is verified', async () => {
    const user = await registerWithLink();
    const { status } = await callApi(t.app, 'users/resendVerification', {}, { token: user.token });
    expect(status).toBe(200);
    const mail = await waitForMailFile(t.dataDir, user.email, RESEND);
    const newToken = linkTokenFromMail(mail, '/auth/verify-email');
    expect(newToken).not.toBe(user.verifyToken);

    expect((await callApi(t.app, 'users/verifyEmail', { token: user.verifyToken }, { token: user.token })).status).toBe(
      400,
    );
    expect((await callApi(t.app, 'users/verifyEmail', { token: newToken }, { token: user.token })).status).toBe(200);

    const again = await callApi(t.app, 'users/resendVerification', {}, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Your e-mail address is already verified');
  });

  it('is rate limited per account', async () => {
    const user = await registerWithLink(limited);
    for (let i = 0; i < 2; i++) {
      expect((await callApi(limited.app, 'users/resendVerification', {}, { token: user.token })).status).toBe(200);
    }
    const third = await callApi(limited.app, 'users/resendVerification', {}, { token: user.token });
    expect(third.status).toBe(429);
    expect(third.body.msg).toBe('Too many requests, please try again later');
  });

  it('needs a session', async () => {
    expect((await callApi(t.app, 'users/resendVerification', {})).status).toBe(401);
    expect((await callApi(t.app, 'users/getEmailStatus', {})).status).toBe(401);
  });
});

describe('other proofs of the mailbox', () => {
  it('a password reset, whose link reached the mailbox, verifies the address', async () => {
    const user = await registerWithLink();
    await callApi(t.app, 'users/forgotPassword', { email: user.email });
    const resetToken = resetTokenFromMail(await waitForMailFile(t.dataDir, user.email, /Reset your Everdeal password/));
    expect(
      (await callApi(t.app, 'users/resetPassword', { token: resetToken, password: 'new-Harbour-77-plum' })).status,
    ).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });
});
