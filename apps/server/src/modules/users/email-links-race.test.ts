import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFromMail, registerUser, uniqueEmail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

// Decision 027: a link is spent by one UPDATE … WHERE used_at IS NULL; PGlite has one connection
// and cannot race, so the claim is proven on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'e-mail links opened twice at once on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('two concurrent verifications of one link: exactly one succeeds', async () => {
      for (let round = 0; round < 5; round++) {
        const user = await registerUser(t.app);
        const token = linkTokenFromMail(
          await waitForMailFile(t.dataDir, user.email, /Subject: Welcome to Everdeal/),
          '/auth/verify-email',
        );
        const results = await Promise.all(
          Array.from({ length: 4 }, () => callApi(t.app, 'users/verifyEmail', { token }, { token: user.token })),
        );
        expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
      }
    });

    it('two concurrent confirmations of one change: exactly one succeeds, the address changes once', async () => {
      for (let round = 0; round < 5; round++) {
        const user = await registerUser(t.app);
        const newEmail = uniqueEmail('race');
        await callApi(t.app, 'users/changeEmail', { newEmail, password: user.password }, { token: user.token });
        const token = linkTokenFromMail(
          await waitForMailFile(t.dataDir, newEmail, /Confirm your new Everdeal e-mail address/),
          '/user/confirm-email',
        );
        const results = await Promise.all(
          Array.from({ length: 4 }, () => callApi(t.app, 'users/confirmEmailChange', { token }, { token: user.token })),
        );
        expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
      }
    });
  },
);
