import type { AuthResult, User } from '@everdeal/contracts';
import { sessions, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  findMailFiles,
  GOOD_PASSWORD,
  registerUser,
  uniqueEmail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSession, hashToken } from './sessions';

let t: TestApp;
beforeAll(async () => {
  // Built as server.ts builds it, without a cost, so the register test below sees production's
  // argon2 parameters (other files' apps hash at TEST_ARGON2ID to stay fast).
  t = await createTestApp({ passwordHashCost: 'app default' });
});
afterAll(() => t?.close());

const USER_KEYS = ['avatar', 'createdAt', 'email', 'firstName', 'hasPassword', 'id', 'lastName', 'occupation'];

describe('register', () => {
  it('answers a token and the user, without hashes or internal flags, and sends a welcome mail', async () => {
    const email = uniqueEmail();
    const { status, body } = await callApi<AuthResult>(t.app, 'users/register', {
      email,
      password: GOOD_PASSWORD,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'admin',
    });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.data.user).sort()).toEqual(USER_KEYS);
    expect(body.data.user).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      avatar: null,
      hasPassword: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|role|status/);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('user');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await waitForMailFile(t.dataDir, email, /Subject: Welcome to Everdeal/);
    expect(mail).toContain('Hi Grace,');
  });

  it('greets someone who gave no name (the sign-up form asks none) with "Hello,", not a bare "Hi,"', async () => {
    const email = uniqueEmail();
    const { status } = await callApi<AuthResult>(t.app, 'users/register', { email, password: GOOD_PASSWORD });
    expect(status).toBe(200);
    const mail = decodeQuotedPrintable(await waitForMailFile(t.dataDir, email, /Subject: Welcome to Everdeal/));
    expect(mail).toContain('Hello,');
    expect(mail).not.toContain('Hi,');
    expect(findMailFiles(t.dataDir, email, /password was changed/)).toHaveLength(0);
  });

  it.each([
    [{ password: GOOD_PASSWORD }, 'Email is required'],
    [{ email: '', password: GOOD_PASSWORD }, 'Email is required'],
    [{ email: 'not-an-email', password: GOOD_PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'a@example.com' }, 'Password is required'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ email: 'a@example.com', password: 'short1' }, 'Password must be at least 8 characters long'],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, 'Password must be at most 128 characters long'],
  ])('%j is a 422 with requirements §5 message', async (payload, message) => {
    const { status, body } = await callApi(t.app, 'users/register', payload);
    expect(status).toBe(422);
    expect(body.msg).toMatch(new RegExp(`${message}$`));
  });

  it('refuses an e-mail that exists in any letter case', async () => {
    const first = await registerUser(t.app);
    const { status, body } = await callApi(t.app, 'users/register', {
      email: `  ${first.email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg: 'An account with this email already exists', data: null });
  });

  it.each(['password123', 'PASSWORD123', 'iloveyou', 'Qwertyuiop'])(
    'refuses the common password %s',
    async (password) => {
      const { status, body } = await callApi(t.app, 'users/register', { email: uniqueEmail(), password });
      expect(status).toBe(422);
      expect(body.msg).toBe('This password is too common. Please choose a less predictable one');
    },
  );
});

describe('login', () => {
  it('gives a new token at every login', async () => {
    const user = await registerUser(t.app);
    const a = await callApi<AuthResult>(t.app, 'users/login', { email: user.email, password: user.password });
    const b = await callApi<AuthResult>(t.app, 'users/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(new Set([user.token, a.body.data.token, b.body.data.token]).size).toBe(3);
    expect(Object.keys(a.body.data.user).sort()).toEqual(USER_KEYS);
    // Only hashes are stored.
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.user.id));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(
      [user.token, a.body.data.token, b.body.data.token].map(hashToken).sort(),
    );
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const user = await registerUser(t.app);
    const wrong = await callApi(t.app, 'users/login', { email: user.email, password: 'not-the-password' });
    const unknown = await callApi(t.app, 'users/login', { email: uniqueEmail(), password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 400, msg: 'Invalid email or password', data: null });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('gives the same answer to an account with no password (Google only)', async () => {
    const email = uniqueEmail();
    await t.db.insert(users).values({ email });
    const { status, body } = await callApi(t.app, 'users/login', { email, password: 'whatever-password' });
    expect(status).toBe(400);
    expect(body.msg).toBe('Invalid email or password');
  });

  it('asks for both fields with requirements §5 message', async () => {
    const { status, body } = await callApi(t.app, 'users/login', { email: 'a@example.com' });
    expect(status).toBe(422);
    expect(body.msg).toBe('Please fill in complete email and password');
  });
});

describe('sessions', () => {
  it.each([
    ['no header', undefined],
    ['a garbage token', 'Bearer garbage'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an overlong token', `Bearer ${'a'.repeat(500)}`],
  ])('%s is a 401 "User not logged in"', async (_name, authorization) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/getUserProfile',
      payload: {},
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: 'User not logged in', data: null });
  });

  it('an expired or revoked session is a 401', async () => {
    const user = await registerUser(t.app);
    const tokenHash = hashToken(user.token);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: user.token })).status).toBe(401);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 86_400_000), revokedAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: user.token })).status).toBe(401);
  });

  it('logout revokes the session on the server', async () => {
    const user = await registerUser(t.app);
    const other = await callApi<AuthResult>(t.app, 'users/login', { email: user.email, password: user.password });
    const out = await callApi(t.app, 'users/logout', {}, { token: user.token });
    expect(out).toMatchObject({ status: 200, body: { code: 0, data: null } });
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: user.token })).status).toBe(401);
    expect((await callApi(t.app, 'users/logout', {}, { token: user.token })).status).toBe(401);
    // Other devices stay signed in.
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: other.body.data.token })).status).toBe(200);
  });
});

describe('profile', () => {
  it('getUserProfile answers the signed-in user', async () => {
    const user = await registerUser(t.app, { firstName: 'Alan', lastName: 'Turing' });
    const { status, body } = await callApi<User>(t.app, 'users/getUserProfile', {}, { token: user.token });
    expect(status).toBe(200);
    expect(body.data).toEqual(user.user);
  });

  it('updateUserProfile changes names and occupation and ignores everything else (mass assignment)', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await callApi<User>(
      t.app,
      'users/updateUserProfile',
      {
        firstName: ' Katherine ',
        lastName: 'Johnson',
        occupation: 'Mathematician',
        email: 'attacker@example.com',
        role: 'admin',
        status: 'active',
        id: '00000000-0000-0000-0000-000000000000',
        passwordHash: 'x',
        avatar: '/uploads/evil.png',
      },
      { token: user.token },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: user.user.id,
      email: user.email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      occupation: 'Mathematician',
      avatar: null,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row).toMatchObject({ email: user.email, role: 'user', avatarUrl: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // The old password still works: the hash was not replaced.
    expect((await callApi(t.app, 'users/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('a partial update keeps the other fields; over-long names are a 422', async () => {
    const user = await registerUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const { body } = await callApi<User>(
      t.app,
      'users/updateUserProfile',
      { occupation: 'Analyst' },
      { token: user.token },
    );
    expect(body.data).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', occupation: 'Analyst' });
    const long = await callApi(t.app, 'users/updateUserProfile', { firstName: 'x'.repeat(51) }, { token: user.token });
    expect(long.status).toBe(422);
  });

  it('profile calls without a session are 401', async () => {
    for (const path of [
      'users/getUserProfile',
      'users/updateUserProfile',
      'users/changePassword',
      'users/deactivateUser',
    ]) {
      const { status, body } = await callApi(t.app, path, {});
      expect(status, path).toBe(401);
      expect(body.msg).toBe('User not logged in');
    }
  });
});

describe('changePassword', () => {
  it('needs the current password', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await callApi(
      t.app,
      'users/changePassword',
      { currentPassword: 'wrong-password', newPassword: 'another-Good-pass-77' },
      { token: user.token },
    );
    expect(status).toBe(400);
    expect(body.msg).toBe('Current password is incorrect');
  });

  it('refuses a common new password', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await callApi(
      t.app,
      'users/changePassword',
      { currentPassword: user.password, newPassword: 'baseball1' },
      { token: user.token },
    );
    expect(status).toBe(422);
    expect(body.msg).toBe('This password is too common. Please choose a less predictable one');
  });

  it('changes it, keeps this session and revokes the others', async () => {
    const user = await registerUser(t.app);
    const other = await callApi<AuthResult>(t.app, 'users/login', { email: user.email, password: user.password });
    const newPassword = 'another-Good-pass-77';
    const changed = await callApi(
      t.app,
      'users/changePassword',
      { currentPassword: user.password, newPassword },
      { token: user.token },
    );
    expect(changed).toMatchObject({ status: 200, body: { code: 0, data: null } });
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: user.token })).status).toBe(200);
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: other.body.data.token })).status).toBe(401);
    expect((await callApi(t.app, 'users/login', { email: user.email, password: user.password })).status).toBe(400);
    expect((await callApi(t.app, 'users/login', { email: user.email, password: newPassword })).status).toBe(200);

    // A security notice to the account's address; none was sent at sign-up.
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, user.email, /Subject: Your Everdeal password was changed/),
    );
    expect(mail).toContain('Hi Ada,');
    expect(mail).toContain('changed from your profile');
    expect(mail).toContain('If it was not you');
    expect(mail).toContain('/auth/login');
    expect(findMailFiles(t.dataDir, user.email, /password was changed/)).toHaveLength(1);
  });
});

describe('deactivateUser', () => {
  it('revokes every session and keeps the row; only the right password hears it was deactivated (decision 002)', async () => {
    const user = await registerUser(t.app, { password: 'quiet-Lantern-907-orchard' });
    const other = await callApi<AuthResult>(t.app, 'users/login', { email: user.email, password: user.password });
    const done = await callApi(t.app, 'users/deactivateUser', { password: user.password }, { token: user.token });
    expect(done).toMatchObject({ status: 200, body: { code: 0, data: null } });
    for (const token of [user.token, other.body.data.token]) {
      expect((await callApi(t.app, 'users/getUserProfile', {}, { token })).status).toBe(401);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.status).toBe('deactivated');
    const deactivated = {
      code: 409,
      msg: 'This account was deactivated. To reactivate it, write to support@everdeal.local or use the contact form.',
      data: null,
    };
    // Its owner (the right password) is told, and where to turn; a stranger learns nothing new.
    const login = await callApi(t.app, 'users/login', { email: user.email, password: user.password });
    expect(login).toMatchObject({ status: 409, body: deactivated });
    const guess = await callApi(t.app, 'users/login', { email: user.email, password: GOOD_PASSWORD });
    expect(guess.body).toEqual({ code: 400, msg: 'Invalid email or password', data: null });
    // The address stays taken: the account and its orders are kept for the records.
    const again = await callApi(t.app, 'users/register', { email: user.email, password: user.password });
    expect(again).toMatchObject({ status: 409, body: deactivated });
    const taken = await callApi(t.app, 'users/register', { email: user.email, password: GOOD_PASSWORD });
    expect(taken.body).toEqual({ code: 422, msg: 'An account with this email already exists', data: null });
  });

  it('an active account taken at sign-up says "already exists" whatever the password', async () => {
    const user = await registerUser(t.app);
    const same = await callApi(t.app, 'users/register', { email: user.email.toUpperCase(), password: user.password });
    expect(same.body).toEqual({ code: 422, msg: 'An account with this email already exists', data: null });
  });

  it('needs the password (decision 002): none, or no body at all, is a 422; a wrong one a 400; nothing changes', async () => {
    const user = await registerUser(t.app);
    const missing = await callApi(t.app, 'users/deactivateUser', {}, { token: user.token });
    expect(missing).toMatchObject({ status: 422, body: { code: 422, msg: 'Password is required', data: null } });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/users/deactivateUser',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(noBody.statusCode).toBe(422);
    const wrong = await callApi(t.app, 'users/deactivateUser', { password: 'not-my-password' }, { token: user.token });
    expect(wrong).toMatchObject({ status: 400, body: { code: 400, msg: 'The password is incorrect', data: null } });
    const huge = await callApi(t.app, 'users/deactivateUser', { password: 'x'.repeat(500_000) }, { token: user.token });
    expect(huge.status).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.status).toBe('active');
    expect((await callApi(t.app, 'users/getUserProfile', {}, { token: user.token })).status).toBe(200);
  });

  it('a Google-only account (no password) confirms with a sign-in of the last 5 minutes instead', async () => {
    const [row] = await t.db
      .insert(users)
      .values({ email: uniqueEmail('google'), firstName: 'Grace' })
      .returning({ id: users.id });
    const userId = row?.id ?? '';
    const stale = await createSession(t.db, userId, new Date(Date.now() - 6 * 60 * 1000));
    const refused = await callApi(t.app, 'users/deactivateUser', {}, { token: stale });
    expect(refused.body).toEqual({
      code: 403,
      msg: 'Please log in with Google again, then deactivate your account within 5 minutes',
      data: null,
    });
    const fresh = await createSession(t.db, userId, new Date());
    expect((await callApi(t.app, 'users/deactivateUser', {}, { token: fresh })).status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(after?.status).toBe('deactivated');
  });
});
