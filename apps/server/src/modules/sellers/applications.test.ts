import { type AdminApplicationPage, ApplicationMessage, type MyApplication } from '@everdeal/contracts';
import { sellerApplications } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  applicationInput,
  applyToSell,
  APPLICATION_DESCRIPTION as DESCRIPTION,
  newApplicant,
} from '../../../test/applications';
import { callOk } from '../../../test/community';
import { mailHeaders, mailHtml } from '../../../test/mail';

// Requirements §13, §15, decision 015: applying to sell from /launch, and the admin's list of
// applications (the decisions: application-decisions.test.ts).

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
    [{ website: 'mailto:founder@acme.example' }, ApplicationMessage.websiteInvalid],
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

  it('takes a bare domain and stores it with https://', async () => {
    const user = await applicant();
    const { application } = await apply(user.token, { website: '  quillforge.example/app ' });
    expect(application.website).toBe('https://quillforge.example/app');
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
