import { randomBytes } from 'node:crypto';
import type { AuthResult, EmailStatus } from '@everdeal/contracts';
import { sessions, userIdentities, users } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { linkTokenFromMail, registerUser, uniqueEmail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { type OidcServer, startOidcServer } from '../../../test/oidc-server';

// The store is configured with OUR_CLIENT_ID, and the provider issues tokens to it unless a test
// mints one for ANOTHER_APP: any other site with a Google sign-in button (decision 018).
const OUR_CLIENT_ID = 'everdeal-web';
const ANOTHER_APP = 'another-app';

let oidc: OidcServer;
let t: TestApp;
const nextSubject = () => `google-sub-${randomBytes(6).toString('hex')}`;
const googleEnv = () => ({
  GOOGLE_CLIENT_ID: OUR_CLIENT_ID,
  GOOGLE_TOKENINFO_URL: oidc.tokeninfoUrl,
  GOOGLE_USERINFO_URL: oidc.userinfoUrl,
});

beforeAll(async () => {
  oidc = await startOidcServer({ clientIds: [OUR_CLIENT_ID, ANOTHER_APP] });
  t = await createTestApp({ env: googleEnv() });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

const googleLogin = (idToken: string) => callApi<AuthResult>(t.app, 'users/login/google', { idToken });

describe('Google sign-in against a local OpenID provider', () => {
  it('creates a user without a password and links the Google account', async () => {
    const email = uniqueEmail('g');
    const sub = nextSubject();
    const token = await oidc.mintAccessToken({
      sub,
      email,
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    const { status, body } = await googleLogin(token);
    expect(status).toBe(200);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper', hasPassword: false });
    const links = await t.db.select().from(userIdentities).where(eq(userIdentities.subject, sub));
    expect(links).toMatchObject([{ provider: 'google', userId: body.data.user.id, email }]);
    const profile = await callApi(t.app, 'users/getUserProfile', {}, { token: body.data.token });
    expect(profile.status).toBe(200);
  });

  it('a returning Google account signs in to the same user, even after its e-mail changed', async () => {
    const sub = nextSubject();
    const first = await googleLogin(await oidc.mintAccessToken({ sub, email: uniqueEmail('g'), emailVerified: true }));
    const second = await googleLogin(
      await oidc.mintAccessToken({ sub, email: uniqueEmail('g2'), emailVerified: true }),
    );
    expect(second.status).toBe(200);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    expect(second.body.data.token).not.toBe(first.body.data.token);
  });

  it('links to an existing account with the same confirmed e-mail (any case), which keeps its password and sessions', async () => {
    const existing = await registerUser(t.app);
    // The owner confirmed the address with the link of the welcome mail (decision 027).
    const welcome = await waitForMailFile(t.dataDir, existing.email, /Subject: Welcome to Everdeal/);
    const verifyToken = linkTokenFromMail(welcome, '/auth/verify-email');
    expect((await callApi(t.app, 'users/verifyEmail', { token: verifyToken }, { token: existing.token })).status).toBe(
      200,
    );
    const sub = nextSubject();
    const { status, body } = await googleLogin(
      await oidc.mintAccessToken({ sub, email: existing.email.toUpperCase(), emailVerified: true, givenName: 'Other' }),
    );
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id: existing.user.id, firstName: 'Ada', hasPassword: true });
    const count = await t.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(count).toHaveLength(1);
    expect((await callApi(t.app, 'users/login', { email: existing.email, password: existing.password })).status).toBe(
      200,
    );
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: existing.token })).status).toBe(200);
  });

  it('an account registered under the address before anyone confirmed it loses its password and sessions to the Google owner', async () => {
    // Someone registers the victim's address first and keeps the session and the password.
    const squatter = await registerUser(t.app, { firstName: 'Mallory' });
    const victim = squatter.email;
    // The owner clicks "Confirm" in the welcome mail that reached their mailbox: without the
    // account's session it confirms nothing, so the account stays unproven (decision 027).
    const welcome = await waitForMailFile(t.dataDir, victim, /Subject: Welcome to Everdeal/);
    const welcomeLink = linkTokenFromMail(welcome, '/auth/verify-email');
    expect((await callApi(t.app, 'users/verifyEmail', { token: welcomeLink })).status).toBe(401);
    // A pending change of address, which would move the account to the squatter's own mailbox.
    const moveTo = uniqueEmail('mallory');
    expect(
      (
        await callApi(
          t.app,
          'users/changeEmail',
          { newEmail: moveTo, password: squatter.password },
          { token: squatter.token },
        )
      ).status,
    ).toBe(200);
    const change = await waitForMailFile(t.dataDir, moveTo, /Subject: Confirm your new Everdeal e-mail address/);
    const changeToken = linkTokenFromMail(change, '/user/confirm-email');

    const { status, body } = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email: victim, emailVerified: true, givenName: 'Victor' }),
    );
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id: squatter.user.id, email: victim, hasPassword: false });
    // The squatter's password, session and pending change are gone.
    const login = await callApi(t.app, 'users/login', { email: victim, password: squatter.password });
    expect(login.status).toBe(400);
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: squatter.token })).status).toBe(401);
    expect(
      (await callApi(t.app, 'users/confirmEmailChange', { token: changeToken }, { token: body.data.token })).status,
    ).not.toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(row).toMatchObject({ email: victim, passwordHash: null });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    // The owner hears why, at the address Google proved.
    const notice = await waitForMailFile(t.dataDir, victim, /Subject: You signed in to Everdeal with Google/);
    expect(notice).toContain('Forgot password?');
    // Not by the name the squatter chose.
    expect(notice).not.toContain('Mallory');
    // The owner's own Google session works.
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: body.data.token })).status).toBe(200);
  });

  it('refuses an unverified e-mail', async () => {
    const email = uniqueEmail('unverified');
    const { status, body } = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email, emailVerified: false }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: 'Your Google e-mail address is not verified', data: null });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a token the provider does not know', async () => {
    const { status, body } = await googleLogin('not-a-real-access-token');
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: 'Google login failed, please try again later', data: null });
  });

  it('refuses when the provider cannot be reached', async () => {
    const offline = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: OUR_CLIENT_ID,
        GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo',
        GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      },
    });
    try {
      const { status, body } = await callApi(offline.app, 'users/login/google', { idToken: 'anything' });
      expect(status).toBe(400);
      expect(body.msg).toBe('Google login failed, please try again later');
    } finally {
      await offline.close();
    }
  });

  it('tells the owner Google vouched for that the account was deactivated (decision 002)', async () => {
    const sub = nextSubject();
    const email = uniqueEmail('g');
    const first = await googleLogin(await oidc.mintAccessToken({ sub, email, emailVerified: true }));
    // A Google-only account confirms with a fresh sign-in instead of a password (decision 002).
    const deactivated = await callApi(t.app, 'users/deactivateUser', {}, { token: first.body.data.token });
    expect(deactivated.status).toBe(200);
    const again = await googleLogin(await oidc.mintAccessToken({ sub, email, emailVerified: true }));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(
      'This account was deactivated. To reactivate it, write to support@everdeal.local or use the contact form.',
    );
  });

  it('a Google-only account cannot sign in with a password', async () => {
    const email = uniqueEmail('g');
    await googleLogin(await oidc.mintAccessToken({ sub: nextSubject(), email, emailVerified: true }));
    const { status, body } = await callApi(t.app, 'users/login', { email, password: 'any-password-at-all' });
    expect(status).toBe(400);
    expect(body.msg).toBe('Invalid email or password');
  });

  it('an empty token is requirements §8 message', async () => {
    const { status, body } = await googleLogin('');
    expect(status).toBe(422);
    expect(body.msg).toBe('Google login failed: No access token received');
  });
});

const LOGIN_FAILED = { code: 400, msg: 'Google login failed, please try again later', data: null };
const usersWithEmail = (email: string) => t.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

/** Decision 018: a Google access token proves who someone is only to the client it was issued to. */
describe('Google sign-in checks whom the token was issued to', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a token issued to another application and creates no account', async () => {
    const email = uniqueEmail('other-app');
    const token = await oidc.mintAccessToken(
      { sub: nextSubject(), email, emailVerified: true, givenName: 'Mallory' },
      { clientId: ANOTHER_APP },
    );
    const { status, body, headers } = await googleLogin(token);
    expect(status).toBe(400);
    expect(body).toEqual(LOGIN_FAILED);
    expect(headers['set-cookie']).toBeUndefined();
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("another application's token for the owner's address does not take over a password account", async () => {
    const owner = await registerUser(t.app);
    const sessionsBefore = await sessionsOf(owner.user.id);
    const sub = nextSubject();
    const token = await oidc.mintAccessToken(
      { sub, email: owner.email, emailVerified: true },
      { clientId: ANOTHER_APP },
    );
    const { status, body, headers } = await googleLogin(token);
    expect(status).toBe(400);
    expect(body).toEqual(LOGIN_FAILED);
    expect(headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.user.id))).toHaveLength(0);
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.subject, sub))).toHaveLength(0);
    expect(await sessionsOf(owner.user.id)).toHaveLength(sessionsBefore.length);
    expect(await usersWithEmail(owner.email)).toHaveLength(1);
  });

  it('refuses every token while GOOGLE_CLIENT_ID is unset: there is no audience to match', async () => {
    const unconfigured = await createTestApp({
      env: { GOOGLE_TOKENINFO_URL: oidc.tokeninfoUrl, GOOGLE_USERINFO_URL: oidc.userinfoUrl },
    });
    try {
      const email = uniqueEmail('no-client');
      const token = await oidc.mintAccessToken({ sub: nextSubject(), email, emailVerified: true });
      const { status, body } = await callApi(unconfigured.app, 'users/login/google', { idToken: token });
      expect(status).toBe(400);
      expect(body).toEqual(LOGIN_FAILED);
      expect(await unconfigured.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    } finally {
      await unconfigured.close();
    }
  });

  it("refuses a token whose expiry has passed on the store's clock", async () => {
    const inTenMinutes = () => new Date(Date.now() + 10 * 60_000);
    const later = await createTestApp({ env: googleEnv(), now: inTenMinutes });
    try {
      const email = uniqueEmail('expired');
      const token = await oidc.mintAccessToken(
        { sub: nextSubject(), email, emailVerified: true },
        { expiresInSeconds: 60 },
      );
      const { status, body } = await callApi(later.app, 'users/login/google', { idToken: token });
      expect(status).toBe(400);
      expect(body).toEqual(LOGIN_FAILED);
      expect(await later.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    } finally {
      await later.close();
    }
  });

  it('refuses a token the provider reports as expired', async () => {
    const email = uniqueEmail('expired');
    const token = await oidc.mintAccessToken({ sub: nextSubject(), email, emailVerified: true });
    // Only Date is faked: the provider (in this process) and the store both see two hours later.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000);
    const tokeninfo = await fetch(`${oidc.tokeninfoUrl}?access_token=${encodeURIComponent(token)}`);
    expect(tokeninfo.status).toBe(400);
    const { status, body } = await googleLogin(token);
    expect(status).toBe(400);
    expect(body).toEqual(LOGIN_FAILED);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it("the provider's tokeninfo answers like Google's for a token of ours", async () => {
    const sub = nextSubject();
    const email = uniqueEmail('info');
    const token = await oidc.mintAccessToken({ sub, email, emailVerified: true });
    const response = await fetch(`${oidc.tokeninfoUrl}?access_token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    const info = (await response.json()) as Record<string, string>;
    expect(info).toMatchObject({ aud: OUR_CLIENT_ID, azp: OUR_CLIENT_ID, sub, email, email_verified: 'true' });
    expect(Number(info.exp) * 1000).toBeGreaterThan(Date.now());
    expect(Number(info.expires_in)).toBeGreaterThan(0);
  });
});

describe('Google and the e-mail rules of decision 027', () => {
  const emailStatus = async (token: string) =>
    (await callApi<EmailStatus>(t.app, 'users/getEmailStatus', {}, { token })).body.data;

  it("a Google account's address counts as verified, and linking one verifies a password account's", async () => {
    const created = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email: uniqueEmail('gv'), emailVerified: true }),
    );
    expect((await emailStatus(created.body.data.token)).isVerified).toBe(true);

    const existing = await registerUser(t.app);
    expect((await emailStatus(existing.token)).isVerified).toBe(false);
    const linked = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email: existing.email, emailVerified: true }),
    );
    expect(linked.body.data.user.id).toBe(existing.user.id);
    expect((await emailStatus(linked.body.data.token)).isVerified).toBe(true);
  });

  it('a pending change never links: a Google account with that address gets its own account, and the change is then refused', async () => {
    const account = await registerUser(t.app);
    const victim = uniqueEmail('victim');
    await callApi(
      t.app,
      'users/changeEmail',
      { newEmail: victim, password: account.password },
      { token: account.token },
    );
    const token = linkTokenFromMail(
      await waitForMailFile(t.dataDir, victim, /Confirm your new Everdeal e-mail address/),
      '/user/confirm-email',
    );
    const google = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email: victim, emailVerified: true }),
    );
    expect(google.status).toBe(200);
    expect(google.body.data.user.id).not.toBe(account.user.id);
    const confirm = await callApi(t.app, 'users/confirmEmailChange', { token }, { token: account.token });
    expect(confirm.status).toBe(422);
    expect(confirm.body.msg).toBe('An account with this email already exists');
  });

  it('after a change, the old address no longer reaches the account through Google; the proven new one does', async () => {
    const account = await registerUser(t.app);
    const newEmail = uniqueEmail('moved');
    await callApi(t.app, 'users/changeEmail', { newEmail, password: account.password }, { token: account.token });
    const token = linkTokenFromMail(
      await waitForMailFile(t.dataDir, newEmail, /Confirm your new Everdeal e-mail address/),
      '/user/confirm-email',
    );
    expect((await callApi(t.app, 'users/confirmEmailChange', { token }, { token: account.token })).status).toBe(200);

    const oldAddress = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email: account.email, emailVerified: true }),
    );
    expect(oldAddress.status).toBe(200);
    expect(oldAddress.body.data.user.id).not.toBe(account.user.id);
    const newAddress = await googleLogin(
      await oidc.mintAccessToken({ sub: nextSubject(), email: newEmail, emailVerified: true }),
    );
    expect(newAddress.body.data.user.id).toBe(account.user.id);
  });
});
