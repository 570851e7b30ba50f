import type { AuthResult } from '@everdeal/contracts';
import { mailOutbox } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAdminWithSession,
  decodeQuotedPrintable,
  findMailFiles,
  registerUser,
  resetTokenFromMail,
  uniqueEmail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createRateLimits } from '../../plugins/rate-limit';
import { createLoginGuard, loginDelaySeconds, MAX_LOGIN_DELAY_SECONDS } from './login-guard';

// Decision 002: brute force stays stopped, and a stranger cannot lock the owner out.

const UNDER_ATTACK = {
  code: 429,
  msg: 'Too many login attempts on this account. If it is yours, we have e-mailed you a link to log in.',
  data: null,
};

function signInTokenFromMail(raw: string): string {
  const match = /\/auth\/sign-in-link\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!match?.[1]) throw new Error('no sign-in link in the mail');
  return match[1];
}

describe('loginDelaySeconds', () => {
  it.each([
    [1, 0],
    [5, 0],
    [6, 1],
    [7, 2],
    [8, 4],
    [15, 512],
    [16, MAX_LOGIN_DELAY_SECONDS],
    [1000, MAX_LOGIN_DELAY_SECONDS],
  ])('after failure %i of an address (5 free) it waits %i s', (failures, seconds) => {
    expect(loginDelaySeconds(failures, 5)).toBe(seconds);
  });
});

describe('the guard on the rate-limit store', () => {
  it('doubles the wait of one address with each failure past the free ones, and a success clears it', async () => {
    const limits = createRateLimits({ redisUrl: undefined, keyPrefix: 'guard-unit' });
    const guard = createLoginGuard(limits);
    const attempt = { ip: '10.9.0.1', account: 'account-hash' };
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await guard.recordFailure(attempt);
      const { used, msBeforeReset } = await limits.peek('loginDelayPerIpAndEmail', `${attempt.ip}:${attempt.account}`);
      waits.push(used > 1 ? Math.round(msBeforeReset / 1000) : 0);
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8]);
    await guard.recordSuccess(attempt);
    await expect(guard.beforeAttempt(attempt)).resolves.toBeUndefined();
    expect(await guard.isKnownAddress(attempt)).toBe(true);
    await limits.close();
  });
});

describe('password sign-in through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        loginPerIp: { points: 1000, durationSeconds: 900 },
        loginFailuresPerIpAndEmail: { points: 2, durationSeconds: 86_400 },
        loginDelayPerIpAndEmail: { points: 1, durationSeconds: 900 },
        loginFailuresPerEmail: { points: 6, durationSeconds: 3600 },
        loginKnownAddress: { points: 1, durationSeconds: 20 * 86_400 },
        signInLinkMailPerEmail: { points: 1, durationSeconds: 900 },
        forgotMailsPerEmail: { points: 2, durationSeconds: 3600 },
      },
    });
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, ip: string) =>
    callApi<AuthResult>(t.app, 'users/login', { email, password }, { ip });

  it('one address guessing one account waits longer after each failure, instead of meeting a wall', async () => {
    const ip = '10.1.0.1';
    const owner = await registerUser(t.app, {}, { ip: '10.1.0.99' });
    expect((await login(owner.email, 'wrong-1', ip)).status).toBe(400);
    expect((await login(owner.email, 'wrong-2', ip)).status).toBe(400);
    expect((await login(owner.email, 'wrong-3', ip)).status).toBe(400);
    // The third failure (two are free) costs this address 1 s before its next try.
    const waiting = await login(owner.email, owner.password, ip);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({ code: 429, msg: 'Too many requests, please try again later', data: null });
    expect(waiting.headers['retry-after']).toBe('1');
    // Other addresses, the owner's among them, are not slowed by it.
    expect((await login(owner.email, owner.password, '10.1.0.99')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(owner.email, owner.password, ip)).status).toBe(200);
  });

  it('strangers on many addresses cannot lock the owner out: guessing stops, the owner gets in', async () => {
    const home = '10.2.0.1';
    const owner = await registerUser(t.app, {}, { ip: home });
    // Six failures from three addresses (two each, under their own delays) put the account under attack.
    for (const ip of ['10.2.1.1', '10.2.1.2', '10.2.1.3']) {
      for (const guess of ['guess-a', 'guess-b']) expect((await login(owner.email, guess, ip)).status).toBe(400);
    }
    // A new address is not told anything about the password: right and wrong get the same answer,
    // and the password is not checked at all.
    const wrong = await login(owner.email, 'guess-c', '10.2.1.4');
    const right = await login(owner.email, owner.password, '10.2.1.5');
    expect(wrong.body).toEqual(UNDER_ATTACK);
    expect(right.body).toEqual(UNDER_ATTACK);
    expect(right.headers['retry-after']).toBe('3600');
    // The owner at home signs in as always.
    const atHome = await login(owner.email, owner.password, home);
    expect(atHome.body).toMatchObject({ code: 0 });
    // The owner travelling gets the mailed link (one per 15 minutes, whatever the attackers do).
    expect((await login(owner.email, owner.password, '10.2.2.1')).body).toEqual(UNDER_ATTACK);
    const mail = await waitForMailFile(t.dataDir, owner.email, /Subject: Your Everdeal login link/);
    expect(findMailFiles(t.dataDir, owner.email, /Subject: Your Everdeal login link/)).toHaveLength(1);
    const signedIn = await callApi<AuthResult>(
      t.app,
      'users/loginWithLink',
      { token: signInTokenFromMail(mail) },
      { ip: '10.2.2.1' },
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe(owner.email);
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: signedIn.body.data.token })).status).toBe(200);
    // That address is the owner's now: the password works there again.
    expect((await login(owner.email, owner.password, '10.2.2.1')).status).toBe(200);
  });

  it('a sign-in link works once, and a made-up one not at all', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.3.0.1' });
    for (const ip of ['10.3.1.1', '10.3.1.2', '10.3.1.3']) {
      for (const guess of ['guess-a', 'guess-b']) await login(owner.email, guess, ip);
    }
    await login(owner.email, owner.password, '10.3.2.1');
    const token = signInTokenFromMail(
      await waitForMailFile(t.dataDir, owner.email, /Subject: Your Everdeal login link/),
    );
    expect((await callApi(t.app, 'users/loginWithLink', { token }, { ip: '10.3.2.1' })).status).toBe(200);
    const again = await callApi(t.app, 'users/loginWithLink', { token }, { ip: '10.3.2.1' });
    expect(again.body).toEqual({ code: 400, msg: 'The login link is invalid or has expired', data: null });
    const madeUp = await callApi(t.app, 'users/loginWithLink', { token: 'x'.repeat(43) }, { ip: '10.3.2.1' });
    expect(madeUp.status).toBe(400);
  });

  /** Puts the account under attack and returns the sign-in link token mailed to it. */
  async function mailedSignInToken(email: string, net: string): Promise<string> {
    for (const ip of [`${net}.1.1`, `${net}.1.2`, `${net}.1.3`]) {
      for (const guess of ['guess-a', 'guess-b']) await login(email, guess, ip);
    }
    const refused = await login(email, 'whatever-password', `${net}.2.1`);
    expect(refused.body).toEqual(UNDER_ATTACK);
    return signInTokenFromMail(await waitForMailFile(t.dataDir, email, /Subject: Your Everdeal login link/));
  }

  // Decisions 002 and 027: what ends an account's sessions for its safety (a password reset or
  // change, deactivation) ends its unused mailed sign-in links too. A link mailed while the account
  // was under attack once still signed in for its 15 minutes after the owner reset the password.
  it('a sign-in link mailed before a password reset no longer signs in after it', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.50.0.1' });
    const linkToken = await mailedSignInToken(owner.email, '10.50');

    // The owner resets the password (e.g. fearing someone read the mailbox): every session ends.
    expect((await callApi(t.app, 'users/forgotPassword', { email: owner.email }, { ip: '10.50.0.1' })).status).toBe(
      200,
    );
    const resetToken = resetTokenFromMail(
      await waitForMailFile(t.dataDir, owner.email, /Subject: Reset your Everdeal password/),
    );
    const reset = await callApi(
      t.app,
      'users/resetPassword',
      { token: resetToken, password: 'fresh-Lantern-93-river' },
      { ip: '10.50.0.1' },
    );
    expect(reset.status).toBe(200);
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: owner.token })).status).toBe(401);

    // The old sign-in link must be dead too.
    const late = await callApi<AuthResult>(t.app, 'users/loginWithLink', { token: linkToken }, { ip: '10.50.9.9' });
    expect(late.body).toEqual({ code: 400, msg: 'The login link is invalid or has expired', data: null });
  });

  it('a sign-in link mailed before changePassword no longer signs in after it', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.51.0.1' });
    const linkToken = await mailedSignInToken(owner.email, '10.51');
    const changed = await callApi(
      t.app,
      'users/changePassword',
      { currentPassword: owner.password, newPassword: 'fresh-Lantern-93-river' },
      { token: owner.token },
    );
    expect(changed.status).toBe(200);
    const late = await callApi<AuthResult>(t.app, 'users/loginWithLink', { token: linkToken }, { ip: '10.51.9.9' });
    expect(late.body).toEqual({ code: 400, msg: 'The login link is invalid or has expired', data: null });
  });

  it('a sign-in link mailed before a deactivation does not sign in once an admin reactivates the account', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.52.0.1' });
    const linkToken = await mailedSignInToken(owner.email, '10.52');
    const admin = await createAdminWithSession(t.db);
    const userId = owner.user.id;
    expect(
      (await callApi(t.app, 'users/deactivateUser', { password: owner.password }, { token: owner.token })).status,
    ).toBe(200);
    const back = await callApi(t.app, 'admin/setUserStatus', { userId, status: 'active' }, { token: admin.token });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const late = await callApi<AuthResult>(t.app, 'users/loginWithLink', { token: linkToken }, { ip: '10.52.9.9' });
    expect(late.body).toEqual({ code: 400, msg: 'The login link is invalid or has expired', data: null });
  });

  it('a password reset from a new address makes it the owner’s, so the new password works there under attack', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.4.0.1' });
    for (const ip of ['10.4.1.1', '10.4.1.2', '10.4.1.3']) {
      for (const guess of ['guess-a', 'guess-b']) await login(owner.email, guess, ip);
    }
    const ip = '10.4.2.1';
    expect((await callApi(t.app, 'users/forgotPassword', { email: owner.email }, { ip })).status).toBe(200);
    const mail = await waitForMailFile(t.dataDir, owner.email, /Subject: Reset your Everdeal password/);
    const token = /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail))?.[1];
    const newPassword = 'new-Harbour-lights-7';
    expect((await callApi(t.app, 'users/resetPassword', { token, password: newPassword }, { ip })).status).toBe(200);
    expect((await login(owner.email, newPassword, ip)).status).toBe(200);
  });

  it('a password longer than any account accepts is wrong at once, without hashing a megabyte', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.5.0.1' });
    const started = performance.now();
    const answer = await login(owner.email, 'x'.repeat(1_000_000), '10.5.0.1');
    expect(answer.body).toEqual({ code: 400, msg: 'Invalid email or password', data: null });
    // Parsing a megabyte of JSON is all it costs (argon2 over it took 680 ms).
    expect(performance.now() - started).toBeLessThan(300);
  });
});

describe('password reset requests', () => {
  let t: TestApp;
  const statements: string[] = [];
  const answeredAt: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      onQuery: (query) => statements.push(query),
      rateLimits: { forgotMailsPerEmail: { points: 2, durationSeconds: 3600 } },
      beforeReady: (app) => {
        app.addHook('onSend', async (request) => {
          if (request.url === '/api/users/forgotPassword') answeredAt.push(statements.length);
        });
      },
    });
  });
  afterAll(() => t?.close());

  it('are answered before any database work, so an existing address answers exactly like an unknown one', async () => {
    const owner = await registerUser(t.app, {}, { ip: '10.6.0.1' });
    // The welcome mail goes out in the background (decision 029): its statements must not fall
    // into the window counted below.
    await vi.waitFor(async () => {
      const [welcome] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email));
      expect(welcome?.status).toBe('sent');
    });
    const ask = async (email: string) => {
      const before = statements.length;
      const answer = await callApi(t.app, 'users/forgotPassword', { email }, { ip: '10.6.0.1' });
      expect(answer.body).toEqual({ code: 0, msg: 'success', data: null });
      // Nothing ran against the database before the answer was sent (counted in onSend)…
      expect(statements.slice(before, answeredAt.pop())).toEqual([]);
      return before;
    };
    const before = await ask(uniqueEmail('nobody'));
    // …the lookup came after it,
    await vi.waitFor(() => expect(statements.slice(before)).toHaveLength(1));
    await ask(owner.email);
    // and for an account, the link too.
    await waitForMailFile(t.dataDir, owner.email, /Subject: Reset your Everdeal password/);
  });

  it('strangers cannot use up the owner’s reset mails: past their budget they get success and no mail', async () => {
    const home = '10.7.0.1';
    const owner = await registerUser(t.app, {}, { ip: home });
    for (const ip of ['10.7.1.1', '10.7.1.2', '10.7.1.3', '10.7.1.4']) {
      expect((await callApi(t.app, 'users/forgotPassword', { email: owner.email }, { ip })).status).toBe(200);
    }
    await waitForMailFile(t.dataDir, owner.email, /Subject: Reset your Everdeal password/, 1);
    // The owner's own address still gets a mail.
    expect((await callApi(t.app, 'users/forgotPassword', { email: owner.email }, { ip: home })).status).toBe(200);
    await waitForMailFile(t.dataDir, owner.email, /Subject: Reset your Everdeal password/, 2);
    // Closing waits for every background task and mail, so the count below is final.
    await t.app.close();
    expect(findMailFiles(t.dataDir, owner.email, /Subject: Reset your Everdeal password/)).toHaveLength(3);
  });
});
