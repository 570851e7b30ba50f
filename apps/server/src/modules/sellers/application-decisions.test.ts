import {
  type AdminAuditPage,
  ApplicationMessage,
  type MyApplication,
  type SellerApplication,
} from '@everdeal/contracts';
import { adminActions, sellerApplications, sellerMembers, sellers } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { applicationInput, applyToSell, newApplicant } from '../../../test/applications';
import { callOk } from '../../../test/community';
import { mailHtml } from '../../../test/mail';

// Requirements §13, §15, decision 015: the admin's decision on an application to sell, and the
// bound on how many one account sends (applying: applications.test.ts).

const TEAM = 'team@everdeal.example';
const PUBLIC_URL = 'https://everdeal.example';
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: TEAM, PUBLIC_URL } });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const applicant = () => newApplicant(t.db);
const apply = (token: string, overrides: Record<string, unknown> = {}) => applyToSell(t.app, token, overrides);

describe('admin/approveApplication', () => {
  it('creates the seller with the applicant as member, records the decision and mails the applicant', async () => {
    const user = await applicant();
    const { input, application } = await apply(user.token, { companyName: 'Nimbus Writer Inc.' });
    const before = await callApi(t.app, 'seller/getMySellers', {}, { token: user.token });
    expect(before.body.data).toEqual({ sellers: [] });

    const { application: approved } = await callOk<{ application: SellerApplication & { sellerId: number } }>(
      t.app,
      'admin/approveApplication',
      { applicationId: application.id },
      admin.token,
    );
    expect(approved).toMatchObject({ status: 'approved', decidedByEmail: admin.email, decisionReason: null });
    const [seller] = await t.db.select().from(sellers).where(eq(sellers.id, approved.sellerId));
    expect(seller).toMatchObject({
      slug: 'nimbus-writer-inc',
      name: 'Nimbus Writer Inc.',
      website: input.website,
      userId: user.userId,
    });
    const members = await t.db.select().from(sellerMembers).where(eq(sellerMembers.sellerId, approved.sellerId));
    expect(members.map((member) => member.userId)).toEqual([user.userId]);

    // The applicant is now a seller: the seller area answers, and /launch says so.
    const mySellers = await callOk<{ sellers: { id: number }[] }>(t.app, 'seller/getMySellers', {}, user.token);
    expect(mySellers.sellers.map((s) => s.id)).toEqual([approved.sellerId]);
    const dashboard = await callApi(
      t.app,
      'seller/getDashboard',
      { sellerId: approved.sellerId },
      { token: user.token },
    );
    expect(dashboard.status).toBe(200);
    const mine = await callOk<MyApplication>(t.app, 'sellers/getMyApplication', {}, user.token);
    expect(mine.application?.status).toBe('approved');

    const audit = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'application', targetId: String(application.id) },
      admin.token,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      action: 'application.approve',
      before: { status: 'open', sellerId: null },
      after: { status: 'approved', sellerId: approved.sellerId, sellerSlug: 'nimbus-writer-inc' },
    });

    const mail = await waitForMailFile(t.dataDir, input.email, /is approved/);
    expect(mail).toMatch(/Subject: Welcome to Everdeal: Nimbus Writer Inc\. is approved/);
    expect(mailHtml(mail)).toContain(`href="${PUBLIC_URL}/seller"`);
  });

  it('gives a second seller of the same name its own slug', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const user = await applicant();
      const { application } = await apply(user.token, { companyName: 'Twin Name AI' });
      const { application: approved } = await callOk<{ application: { sellerId: number } }>(
        t.app,
        'admin/approveApplication',
        { applicationId: application.id },
        admin.token,
      );
      const [seller] = await t.db.select().from(sellers).where(eq(sellers.id, approved.sellerId));
      slugs.push(seller?.slug as string);
    }
    expect(slugs).toEqual(['twin-name-ai', 'twin-name-ai-2']);
  });

  it('answers 409 for a decided application and 404 for an unknown one, changing nothing', async () => {
    const user = await applicant();
    const { application } = await apply(user.token);
    await callOk(t.app, 'admin/approveApplication', { applicationId: application.id }, admin.token);
    const sellersBefore = (await t.db.select().from(sellers)).length;
    const auditBefore = (await t.db.select().from(adminActions)).length;

    for (const [path, payload] of [
      ['admin/approveApplication', { applicationId: application.id }],
      ['admin/rejectApplication', { applicationId: application.id, reason: 'Changed our mind about it.' }],
    ] as const) {
      const again = await callApi(t.app, path, payload, { token: admin.token });
      expect(again.status, path).toBe(409);
      expect(again.body.msg).toBe(ApplicationMessage.alreadyDecided);
    }
    const unknown = await callApi(
      t.app,
      'admin/approveApplication',
      { applicationId: 2_000_000 },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(ApplicationMessage.notFound);

    expect((await t.db.select().from(sellers)).length).toBe(sellersBefore);
    expect((await t.db.select().from(adminActions)).length).toBe(auditBefore);
  });
});

describe('admin/rejectApplication', () => {
  it('keeps the reason, records it, mails it, and lets the applicant apply again', async () => {
    const user = await applicant();
    const { input, application } = await apply(user.token);
    const reason = 'We only list products with a public <beta>; write again once yours is open.';
    const { application: rejected } = await callOk<{ application: SellerApplication }>(
      t.app,
      'admin/rejectApplication',
      { applicationId: application.id, reason: `  ${reason}  ` },
      admin.token,
    );
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: reason });
    expect(rejected.decidedAt).not.toBeNull();
    const memberships = await t.db.select().from(sellerMembers).where(eq(sellerMembers.userId, user.userId));
    expect(memberships).toHaveLength(0);

    const mine = await callOk<MyApplication>(t.app, 'sellers/getMyApplication', {}, user.token);
    expect(mine.application).toMatchObject({ id: application.id, status: 'rejected', decisionReason: reason });

    const [entry] = await t.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(application.id)));
    expect(entry).toMatchObject({
      actorId: admin.userId,
      action: 'application.reject',
      targetKind: 'application',
      reason,
      before: { status: 'open', decisionReason: null },
      after: { status: 'rejected', decisionReason: reason },
    });

    const mail = await waitForMailFile(t.dataDir, input.email, /Subject: Your application to sell on Everdeal/);
    const html = mailHtml(mail);
    expect(html).toContain('public &#60;beta&#62;; write again once yours is open.');
    expect(html).toContain('You may apply again');
    expect(html).toContain(`href="${PUBLIC_URL}/launch"`);

    const { application: second } = await apply(user.token, { productName: 'Acme Notes 2' });
    expect(second.status).toBe('open');
    const latest = await callOk<MyApplication>(t.app, 'sellers/getMyApplication', {}, user.token);
    expect(latest.application?.id).toBe(second.id);
  });

  it.each([
    [{}, ApplicationMessage.reasonRequired],
    [{ reason: '   ' }, ApplicationMessage.reasonRequired],
    [{ reason: 'Too short' }, ApplicationMessage.reasonTooShort],
    [{ reason: 'x'.repeat(1001) }, ApplicationMessage.reasonTooLong],
  ])('needs a reason: %j answers 422 "%s"', async (payload, msg) => {
    const user = await applicant();
    const { application } = await apply(user.token);
    const { status, body } = await callApi(
      t.app,
      'admin/rejectApplication',
      { applicationId: application.id, ...payload },
      { token: admin.token },
    );
    expect(status).toBe(422);
    expect(body.msg).toBe(msg);
    const [row] = await t.db.select().from(sellerApplications).where(eq(sellerApplications.id, application.id));
    expect(row?.status).toBe('open');
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { sellerApplicationPerUser: { points: 2, durationSeconds: 3600 } } });
  });
  afterAll(() => limited?.close());

  it('bounds the applications one account sends, rejected or not', async () => {
    const user = await createUserWithSession(limited.db);
    const limitedAdmin = await createAdminWithSession(limited.db);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await callApi<{ application: SellerApplication }>(limited.app, 'sellers/apply', applicationInput(), {
        token: user.token,
      });
      statuses.push(sent.status);
      if (sent.status === 200) {
        await callOk(
          limited.app,
          'admin/rejectApplication',
          { applicationId: sent.body.data.application.id, reason: 'Please tell us more about it.' },
          limitedAdmin.token,
        );
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
