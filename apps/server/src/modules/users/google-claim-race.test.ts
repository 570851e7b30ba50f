import { randomBytes } from 'node:crypto';
import type { AuthResult } from '@everdeal/contracts';
import { sessions, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, registerUser } from '../../../test/accounts';
import { callApi, createTestApp, TEST_ARGON2ID, type TestApp } from '../../../test/app';
import { type OidcServer, startOidcServer } from '../../../test/oidc-server';
import { createBackgroundTasks } from '../../lib/background-tasks';
import { createMailer } from '../../lib/mailer';
import { createOutbox } from '../mail';
import { AccountMessage } from './messages';
import { changePassword } from './password-reset';
import { createPasswordHasher } from './passwords';
import type { UsersDeps } from './users-deps';

const CLIENT_ID = 'everdeal-web';
let oidc: OidcServer;
let t: TestApp;

beforeAll(async () => {
  oidc = await startOidcServer({ clientIds: [CLIENT_ID] });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_TOKENINFO_URL: oidc.tokeninfoUrl,
      GOOGLE_USERINFO_URL: oidc.userinfoUrl,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

/** A password hasher whose `hash` waits for the test: the window between the check and the write. */
function pausedHasher() {
  const real = createPasswordHasher(TEST_ARGON2ID);
  let reached: () => void = () => {};
  let release: () => void = () => {};
  const atHash = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    hasher: {
      ...real,
      hash: async (password: string) => {
        reached();
        await gate;
        return real.hash(password);
      },
    },
    atHash,
    release,
  };
}

describe('a password change racing the Google claim of its account (decision 027)', () => {
  it('a squatter whose password was checked before the claim cannot write a new one after it', async () => {
    const squatter = await registerUser(t.app, { firstName: 'Mallory' });
    // The squatter's request as it was when its current password was checked.
    const [staleRow] = await t.db.select().from(users).where(eq(users.id, squatter.user.id));
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, squatter.user.id));
    if (!staleRow || !session) throw new Error('no account');
    const paused = pausedHasher();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Everdeal <test@everdeal.local>',
      dataDir: t.dataDir,
      log: t.app.log,
    });
    const outbox = createOutbox({ db: t.db, mailer, now: () => new Date(), log: t.app.log });
    // A mail it sends unawaited must land before the app's folder is removed.
    t.finishOnClose(() => outbox.flush());
    const deps: UsersDeps = {
      db: t.db,
      catalogChanged: () => {},
      now: () => new Date(),
      passwords: paused.hasher,
      outbox,
      brand: { publicUrl: 'http://localhost:3000', supportEmail: 'support@everdeal.local' },
      google: { clientId: CLIENT_ID, tokeninfoUrl: oidc.tokeninfoUrl, userinfoUrl: oidc.userinfoUrl },
      log: t.app.log,
      tasks: createBackgroundTasks(t.app.log),
    };
    const change = changePassword(
      deps,
      { user: staleRow, sessionId: session.id },
      { currentPassword: GOOD_PASSWORD, newPassword: 'A new passphrase the squatter keeps' },
    ).then(
      () => 'changed',
      (error: Error) => error.message,
    );
    await paused.atHash;

    // The address's owner signs in with Google meanwhile: the account is theirs, without a password.
    const owner = await callApi<AuthResult>(t.app, 'users/login/google', {
      idToken: await oidc.mintAccessToken({
        sub: `google-sub-${randomBytes(6).toString('hex')}`,
        email: squatter.email,
        emailVerified: true,
        givenName: 'Victor',
      }),
    });
    expect(owner.status).toBe(200);

    paused.release();
    expect(await change).toBe(AccountMessage.currentPasswordIncorrect);
    const [after] = await t.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(after?.passwordHash).toBeNull();
    const login = await callApi(t.app, 'users/login', {
      email: squatter.email,
      password: 'A new passphrase the squatter keeps',
    });
    expect(login.status).toBe(400);
  });
});
