import {
  type AdminApplicationPage,
  type AdminAuditPage,
  ApplicationMessage,
  type MyApplication,
  type SellerApplication,
} from '@everdeal/contracts';
import { adminActions, sellerApplications, sellerMembers, sellers, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession, uniqueEmail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import { mailHeaders, mailHtml } from '../../../test/mail';

// Requirements §13, §15, decision 015: applying to sell from /launch, and the admin's decision.

const TEAM = 'team@everdeal.example';
const PUBLIC_URL = 'https://everdeal.example';
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: TEAM, PUBLIC_URL } });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const DESCRIPTION = 'Meeting notes that write themselves: recordings become summaries and action items.';

function applicationInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Acme AI',
    website: 'https://acme.example',
    productName: 'Acme Notes',
    email: uniqueEmail('founder'),
    description: DESCRIPTION,
    ...overrides,
  };
}

async function applicant() {
  const user = await createUserWithSession(t.db);
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.userId));
  return { ...user, email: row?.email as string };
}

async function apply(token: string, overrides: Record<string, unknown> = {}) {
  const input = applicationInput(overrides);
  const application = (await callOk<{ application: SellerApplication }>(t.app, 'sellers/apply', input, token))
    .application;
  return { input, application };
}

const escaped = (text: string) => new RegExp(text.replace(/[.+?*()[\]]/g, '\\$&'));

describe('sellers/apply', () => {
  it('stores the application, mails the team and the applicant, and shows it as under review', async () => {
    const user = await applicant();
    const { input, application } = await apply(user.token, { companyName: '  Acme \n AI  ' });
    expect(application).toMatchObject({
      status: 'open',
      companyName: 'Acme AI',
      website: input.website,
      productName: 'Acme Notes',
      email: input.email,
      description: DESCRIPTION,
      decisionReason: null,
      decidedAt: null,
    });
    const [row] = await t.db.select().from(sellerApplications).where(eq(sellerApplications.id, application.id));
    expect(row).toMatchObject({ userId: user.userId, status: 'open', companyName: 'Acme AI' });

    const team = await waitForMailFile(t.dataDir, TEAM, escaped(`application ${application.id}`));
    expect(team).toMatch(/Subject: \[Seller application\] Acme AI: Acme Notes/);
    expect(mailHeaders(team).get('reply-to')).toBe(`Acme AI <${input.email}>`);
    const teamHtml = mailHtml(team);
    expect(teamHtml).toContain(`Contact: ${input.email} (account ${user.email})`);
    expect(teamHtml).toContain(DESCRIPTION);
    expect(teamHtml).toContain(`${PUBLIC_URL}/admin/applications`);

    const receipt = await waitForMailFile(t.dataDir, input.email, /We received your application/);
    expect(mailHtml(receipt)).toContain('reply within 5 business days');

    const mine = await callOk<MyApplication>(t.app, 'sellers/getMyApplication', {}, user.token);
    expect(mine.application).toEqual(application);
  });

  it('allows one open application per user: a second answers 409 and stores nothing', async () => {
    const user = await applicant();
    await apply(user.token);
    const second = await callApi(t.app, 'sellers/apply', applicationInput({ companyName: 'Other Co' }), {
      token: user.token,
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ code: 409, msg: ApplicationMessage.alreadyOpen, data: null });
    const rows = await t.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.userId));
    expect(rows).toHaveLength(1);
  });

  it('answers null to a user who never applied, and 401 to a visitor', async () => {
    const user = await applicant();
    expect(await callOk<MyApplication>(t.app, 'sellers/getMyApplication', {}, user.token)).toEqual({
      application: null,
    });
    for (const path of ['sellers/apply', 'sellers/getMyApplication']) {
      const visitor = await callApi(t.app, path, applicationInput());
      expect(visitor.status, path).toBe(401);
      expect(visitor.body.msg).toBe('User not logged in');
    }
  });

  it.each([
    [{ companyName: undefined }, ApplicationMessage.companyRequired],
    [{ companyName: '   ' }, ApplicationMessage.companyRequired],
    [{ companyName: 'A' }, ApplicationMessage.companyTooShort],
    [{ companyName: 'x'.repeat(121) }, ApplicationMessage.companyTooLong],
    [{ website: '' }, ApplicationMessage.websiteRequired],
    [{ website: 'acme.example' }, ApplicationMessage.websiteInvalid],
    [{ website: 'javascript:alert(1)' }, ApplicationMessage.websiteInvalid],
    [{ website: 'ftp://acme.example' }, ApplicationMessage.websiteInvalid],
    [{ website: `https://acme.example/${'a'.repeat(500)}` }, ApplicationMessage.websiteTooLong],
    [{ productName: '' }, ApplicationMessage.productRequired],
    [{ productName: 'x'.repeat(81) }, ApplicationMessage.productTooLong],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ description: '' }, ApplicationMessage.descriptionRequired],
    [{ description: 'Too short to judge.' }, ApplicationMessage.descriptionTooShort],
    [{ description: 'x'.repeat(5001) }, ApplicationMessage.descriptionTooLong],
    [{ description: `${DESCRIPTION}\u0000` }, 'description: Invalid format'],
  ])('refuses %j with 422 "%s" and stores nothing', async (overrides, msg) => {
    const user = await applicant();
    const { status, body } = await callApi(t.app, 'sellers/apply', applicationInput(overrides), { token: user.token });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg, data: null });
    const rows = await t.db.select().from(sellerApplications).where(eq(sellerApplications.userId, user.userId));
    expect(rows).toHaveLength(0);
  });

  it('accepts an http website and ignores fields it does not know', async () => {
    const user = await applicant();
    const { application } = await apply(user.token, { website: 'http://acme.example/ai', status: 'approved' });
    expect(application.website).toBe('http://acme.example/ai');
    expect(application.status).toBe('open');
  });
});

describe('admin/getApplications', () => {
  it('lists open applications first, oldest first, with the applicant’s account e-mail; filters by status', async () => {
    const a = await applicant();
    const b = await applicant();
    const first = (await apply(a.token, { companyName: 'First Labs' })).application;
    const second = (await apply(b.token, { companyName: 'Second Labs' })).application;
    await callOk(
      t.app,
      'admin/rejectApplication',
      { applicationId: first.id, reason: 'Not an AI product yet.' },
      admin.token,
    );
    const again = (await apply(a.token, { companyName: 'First Labs Again' })).application;

    const all = await callOk<AdminApplicationPage>(t.app, 'admin/getApplications', {}, admin.token);
    const ids = all.items.map((item) => item.id);
    const open = all.items.filter((item) => item.status === 'open').map((item) => item.id);
    expect(ids.slice(0, open.length)).toEqual(open);
    expect(open.indexOf(second.id)).toBeLessThan(open.indexOf(again.id));
    expect(ids.indexOf(first.id)).toBeGreaterThan(ids.indexOf(again.id));
    expect(all.items.find((item) => item.id === second.id)).toMatchObject({
      applicantEmail: b.email,
      applicantName: 'Test User',
      companyName: 'Second Labs',
      sellerId: null,
      decidedByEmail: null,
    });
    expect(all.items.find((item) => item.id === first.id)).toMatchObject({
      status: 'rejected',
      decisionReason: 'Not an AI product yet.',
      decidedByEmail: admin.email,
    });
    expect(all.pageSize).toBe(20);
    expect(all.total).toBeGreaterThanOrEqual(3);

    const rejected = await callOk<AdminApplicationPage>(
      t.app,
      'admin/getApplications',
      { status: 'rejected' },
      admin.token,
    );
    expect(rejected.items.every((item) => item.status === 'rejected')).toBe(true);
    expect(rejected.items.map((item) => item.id)).toContain(first.id);
  });

  it('answers 403 to a user who is no admin, for every admin call on applications', async () => {
    const user = await applicant();
    const { application } = await apply(user.token);
    for (const [path, payload] of [
      ['admin/getApplications', {}],
      ['admin/approveApplication', { applicationId: application.id }],
      ['admin/rejectApplication', { applicationId: application.id, reason: 'Trying to reject my own.' }],
    ] as const) {
      const { status, body } = await callApi(t.app, path, payload, { token: user.token });
      expect(status, path).toBe(403);
      expect(body.msg).toBe('You do not have permission to perform this action');
    }
    const [row] = await t.db.select().from(sellerApplications).where(eq(sellerApplications.id, application.id));
    expect(row?.status).toBe('open');
  });
});

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
