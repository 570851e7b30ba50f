// Decision 015's concurrency claims, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. Two admins approving one application at once create one seller, and
// two tabs applying at once leave one open application.
import { ApplicationMessage, type SellerApplication } from '@everdeal/contracts';
import { adminActions, sellerApplications, sellerMembers, sellers } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession, uniqueEmail } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

const application = () => ({
  companyName: 'Race Condition Labs',
  website: 'https://race.example',
  productName: 'Racer',
  email: uniqueEmail('racer'),
  description: 'An AI product whose application two people handle at the same moment.',
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'seller applications under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('two approvals of one application at once: exactly one seller, one 409', async () => {
      const applicant = await createUserWithSession(t.db);
      const [first, second] = [await createAdminWithSession(t.db), await createAdminWithSession(t.db)];
      const applied = await callApi<{ application: SellerApplication }>(t.app, 'sellers/apply', application(), {
        token: applicant.token,
      });
      expect(applied.status).toBe(200);
      const applicationId = applied.body.data.application.id;

      const answers = await Promise.all(
        [first, second].map((admin) =>
          callApi(t.app, 'admin/approveApplication', { applicationId }, { token: admin.token }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.msg).toBe(ApplicationMessage.alreadyDecided);

      const memberships = await t.db.select().from(sellerMembers).where(eq(sellerMembers.userId, applicant.userId));
      expect(memberships).toHaveLength(1);
      const created = await t.db.select().from(sellers).where(eq(sellers.userId, applicant.userId));
      expect(created).toHaveLength(1);
      const audit = await t.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.targetId, String(applicationId)));
      expect(audit.map((entry) => entry.action)).toEqual(['application.approve']);
    });

    it('two applications from one user at once: one stored, one 409', async () => {
      const applicant = await createUserWithSession(t.db);
      const answers = await Promise.all(
        [application(), application()].map((input) =>
          callApi(t.app, 'sellers/apply', input, { token: applicant.token }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.msg).toBe(ApplicationMessage.alreadyOpen);
      const stored = await t.db
        .select()
        .from(sellerApplications)
        .where(eq(sellerApplications.userId, applicant.userId));
      expect(stored).toHaveLength(1);
    });
  },
);
