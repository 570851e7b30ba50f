import type { AuthResult, EmailStatus } from '@everdeal/contracts';
import { users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  findMailFiles,
  linkTokenFromMail,
  type RegisteredUser,
  registerUser,
  resetTokenFromMail,
  uniqueEmail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSession } from './sessions';

let clock: Date | undefined;
let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() });
  limited = await createTestApp({ rateLimits: { changeEmailPerUser: { points: 2, durationSeconds: 3600 } } });
});
afterAll(async () => {
  await t?.close();
  await limited?.close();
});

const CONFIRM = /Subject: Confirm your new Everdeal e-mail address/;
const NOTICE = /Subject: Your Everdeal e-mail address is being changed/;
const INVALID = 'The confirmation link is invalid or has expired';

/** Asks to move `user` to `newEmail` and returns the token of the link mailed there. */
async function requestChange(user: RegisteredUser, newEmail: string, app: TestApp = t): Promise<string> {
  const before = findMailFiles(app.dataDir, newEmail, CONFIRM).length;
  const { status, body } = await callApi(
    app.app,
    'users/changeEmail',
    { newEmail, password: user.password },
    { token: user.token },
  );
  expect(status, body.msg).toBe(200);
  return linkTokenFromMail(await waitForMailFile(app.dataDir, newEmail, CONFIRM, before), '/user/confirm-email');
}

const login = (email: string, password: string) => callApi<AuthResult>(t.app, 'users/login', { email, password });

describe('changeEmail and confirmEmailChange', () => {
  it('moves the account to the new address only when its link is opened; the old one gets a notice', async () => {
    const user = await registerUser(t.app, { firstName: 'Nina' });
    const otherDevice = (await login(user.email, user.password)).body.data.token;
    const newEmail = uniqueEmail('nina');
    const token = await requestChange(user, newEmail);

    const notice = decodeQuotedPrintable(await waitForMailFile(t.dataDir, user.email, NOTICE));
    expect(notice).toContain('Hi Nina,');
    expect(notice).toContain(`n***@example.com`);
    expect(notice).not.toContain(newEmail);
    expect(notice).toContain('Forgot password?');
    const confirmMail = decodeQuotedPrintable(await waitForMailFile(t.dataDir, newEmail, CONFIRM));
    expect(confirmMail).toContain('Use this e-mail address');

    // Pending: nothing changed yet.
    const pending = await callApi<EmailStatus>(t.app, 'users/getEmailStatus', {}, { token: user.token });
    expect(pending.body.data).toMatchObject({ email: user.email, pendingEmail: newEmail });
    expect((await login(newEmail, user.password)).status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);

    const { status, body } = await callApi(t.app, 'users/confirmEmailChange', { token }, { token: user.token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ email: newEmail });

    // This session stays, the other device is logged out, sign-in and resets use the new address.
    const profile = await callApi<AuthResult['user']>(t.app, 'users/getUserProfile', {}, { token: user.token });
    expect(profile.body.data.email).toBe(newEmail);
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: otherDevice })).status).toBe(401);
    expect((await login(newEmail, user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(400);
    const status2 = await callApi<EmailStatus>(t.app, 'users/getEmailStatus', {}, { token: user.token });
    expect(status2.body.data).toEqual({
      email: newEmail,
      isVerified: true,
      pendingEmail: null,
      pendingExpiresAt: null,
    });

    await callApi(t.app, 'users/forgotPassword', { email: newEmail });
    await waitForMailFile(t.dataDir, newEmail, /Reset your Everdeal password/);
    await callApi(t.app, 'users/forgotPassword', { email: user.email });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(findMailFiles(t.dataDir, user.email, /Reset your Everdeal password/)).toHaveLength(0);

    // The link works once.
    const again = await callApi(t.app, 'users/confirmEmailChange', { token }, { token: user.token });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(INVALID);
  });

  it('a reset link mailed to the old address before the change stops working', async () => {
    const user = await registerUser(t.app);
    await callApi(t.app, 'users/forgotPassword', { email: user.email });
    const resetToken = resetTokenFromMail(await waitForMailFile(t.dataDir, user.email, /Reset your Everdeal password/));
    const token = await requestChange(user, uniqueEmail('moved'));
    expect((await callApi(t.app, 'users/confirmEmailChange', { token }, { token: user.token })).status).toBe(200);
    const reset = await callApi(t.app, 'users/resetPassword', { token: resetToken, password: 'new-Harbour-77-plum' });
    expect(reset.status).toBe(400);
  });

  it('needs the right current password: none is a 422, a wrong one a 400, and nothing is mailed', async () => {
    const user = await registerUser(t.app);
    const newEmail = uniqueEmail('wrong');
    const none = await callApi(t.app, 'users/changeEmail', { newEmail }, { token: user.token });
    expect(none.status).toBe(422);
    expect(none.body.msg).toBe('Password is required');
    const wrong = await callApi(
      t.app,
      'users/changeEmail',
      { newEmail, password: 'not-the-Password-1' },
      { token: user.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The password is incorrect');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(findMailFiles(t.dataDir, newEmail, CONFIRM)).toHaveLength(0);
    expect(findMailFiles(t.dataDir, user.email, NOTICE)).toHaveLength(0);
  });

  it("refuses an address another account has (any letter case) with registration's words, and the account's own", async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const taken = await callApi(
      t.app,
      'users/changeEmail',
      { newEmail: other.email.toUpperCase(), password: user.password },
      { token: user.token },
    );
    expect(taken.status).toBe(422);
    expect(taken.body.msg).toBe('An account with this email already exists');
    const same = await callApi(
      t.app,
      'users/changeEmail',
      { newEmail: ` ${user.email.toUpperCase()} `, password: user.password },
      { token: user.token },
    );
    expect(same.status).toBe(422);
    expect(same.body.msg).toBe('This is already your e-mail address');
    const invalid = await callApi(
      t.app,
      'users/changeEmail',
      { newEmail: 'not-an-email', password: user.password },
      { token: user.token },
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.msg).toBe('Please enter a valid email address');
  });

  it('an address taken between the request and the link is refused at the link; nothing changes', async () => {
    const user = await registerUser(t.app);
    const newEmail = uniqueEmail('race');
    const token = await requestChange(user, newEmail);
    await registerUser(t.app, { email: newEmail });
    const { status, body } = await callApi(t.app, 'users/confirmEmailChange', { token }, { token: user.token });
    expect(status).toBe(422);
    expect(body.msg).toBe('An account with this email already exists');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.email).toBe(user.email);
  });

  it('another account cannot use the link, and trying does not spend it; signed out it is a 401', async () => {
    const owner = await registerUser(t.app);
    const intruder = await registerUser(t.app);
    const newEmail = uniqueEmail('owner');
    const token = await requestChange(owner, newEmail);

    const foreign = await callApi(t.app, 'users/confirmEmailChange', { token }, { token: intruder.token });
    expect(foreign.status).toBe(409);
    expect(foreign.body.msg).toMatch(/^This link is for another account/);
    expect((await callApi(t.app, 'users/confirmEmailChange', { token })).status).toBe(401);
    const [intruderRow] = await t.db.select().from(users).where(eq(users.id, intruder.user.id));
    expect(intruderRow?.email).toBe(intruder.email);

    const own = await callApi(t.app, 'users/confirmEmailChange', { token }, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ email: newEmail });
  });

  it('only the latest request counts; a pending change expires after 24 hours, and can be cancelled', async () => {
    const user = await registerUser(t.app);
    const first = await requestChange(user, uniqueEmail('first'));
    const second = await requestChange(user, uniqueEmail('second'));
    expect((await callApi(t.app, 'users/confirmEmailChange', { token: first }, { token: user.token })).status).toBe(
      400,
    );

    clock = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    try {
      const expired = await callApi(t.app, 'users/confirmEmailChange', { token: second }, { token: user.token });
      expect(expired.status).toBe(400);
      expect(expired.body.msg).toBe(INVALID);
      const status = await callApi<EmailStatus>(t.app, 'users/getEmailStatus', {}, { token: user.token });
      expect(status.body.data.pendingEmail).toBeNull();
    } finally {
      clock = undefined;
    }

    const third = await requestChange(user, uniqueEmail('third'));
    expect((await callApi(t.app, 'users/cancelEmailChange', {}, { token: user.token })).status).toBe(200);
    expect((await callApi(t.app, 'users/confirmEmailChange', { token: third }, { token: user.token })).status).toBe(
      400,
    );
  });

  it('a password reset cancels a pending change, as the notice to the old address promises', async () => {
    const user = await registerUser(t.app);
    const token = await requestChange(user, uniqueEmail('hijack'));
    await callApi(t.app, 'users/forgotPassword', { email: user.email });
    const resetToken = resetTokenFromMail(await waitForMailFile(t.dataDir, user.email, /Reset your Everdeal password/));
    expect(
      (await callApi(t.app, 'users/resetPassword', { token: resetToken, password: 'new-Harbour-77-plum' })).status,
    ).toBe(200);
    const fresh = (await login(user.email, 'new-Harbour-77-plum')).body.data.token;
    expect((await callApi(t.app, 'users/confirmEmailChange', { token }, { token: fresh })).status).toBe(400);
  });

  it('a Google-only account (no password) confirms with a sign-in of the last 5 minutes instead', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ email: uniqueEmail('google'), emailVerifiedAt: new Date() })
      .returning();
    if (!row) throw new Error('no user');
    const fresh = await callApi(
      t.app,
      'users/changeEmail',
      { newEmail: uniqueEmail('g2') },
      { token: await createSession(t.db, row.id, new Date()) },
    );
    expect(fresh.status).toBe(200);
    const old = await callApi(
      t.app,
      'users/changeEmail',
      { newEmail: uniqueEmail('g3') },
      { token: await createSession(t.db, row.id, new Date(Date.now() - 6 * 60 * 1000)) },
    );
    expect(old.status).toBe(403);
    expect(old.body.msg).toBe('Please log in with Google again, then change your e-mail within 5 minutes');
  });

  it('change requests are rate limited per account', async () => {
    const user = await registerUser(limited.app);
    await requestChange(user, uniqueEmail('l1'), limited);
    await requestChange(user, uniqueEmail('l2'), limited);
    const third = await callApi(
      limited.app,
      'users/changeEmail',
      { newEmail: uniqueEmail('l3'), password: user.password },
      { token: user.token },
    );
    expect(third.status).toBe(429);
  });
});
