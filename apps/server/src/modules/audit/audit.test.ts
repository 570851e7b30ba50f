import type { AdminAuditPage, AdminOverview } from '@everdeal/contracts';
import { contentReports, sellerApplications } from '@everdeal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import { AUDIT_PAGE_SIZE, recordAdminAction } from './audit';

// Requirements §13, decision 015: the admin overview's queues and the audit log.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

describe('admin/getOverview', () => {
  it('counts open applications and open reports, not decided ones', async () => {
    const before = await callOk<AdminOverview>(t.app, 'admin/getOverview', {}, admin.token);
    const applicant = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const application = {
      companyName: 'Acme AI',
      website: 'https://acme.example',
      productName: 'Acme Notes',
      email: 'founder@acme.example',
      description: 'Meeting notes that write themselves.',
      createdAt: new Date(),
    };
    await t.db.insert(sellerApplications).values([
      { ...application, userId: applicant.userId },
      { ...application, userId: other.userId, status: 'rejected', decisionReason: 'Not an AI product' },
    ]);
    await t.db.insert(contentReports).values([
      { userId: applicant.userId, targetKind: 'review', targetId: 1, createdAt: new Date() },
      { userId: other.userId, targetKind: 'review', targetId: 1, createdAt: new Date(), resolvedAt: new Date() },
    ]);

    const after = await callOk<AdminOverview>(t.app, 'admin/getOverview', {}, admin.token);
    expect(after.openApplications).toBe(before.openApplications + 1);
    expect(after.openReports).toBe(before.openReports + 1);
    expect(after.productsAwaitingReview).toBe(before.productsAwaitingReview);
  });

  it('answers 403 to a user who is no admin', async () => {
    const user = await createUserWithSession(t.db);
    const { status, body } = await callApi(t.app, 'admin/getOverview', {}, { token: user.token });
    expect(status).toBe(403);
    expect(body.msg).toBe('You do not have permission to perform this action');
  });
});

describe('admin/getAuditLog', () => {
  it('lists actions newest first with who, what, before and after, and pages by cursor', async () => {
    const actor = { id: admin.userId, email: admin.email };
    const total = AUDIT_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      await recordAdminAction(
        t.db,
        actor,
        {
          action: 'product.feature',
          targetKind: 'product',
          targetId: 1000 + i,
          before: { isFeatured: false },
          after: { isFeatured: true },
        },
        new Date(Date.UTC(2026, 10, 1, 0, i)),
      );
    }
    const first = await callOk<AdminAuditPage>(t.app, 'admin/getAuditLog', {}, admin.token);
    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      action: 'product.feature',
      targetKind: 'product',
      targetId: String(1000 + total - 1),
      before: { isFeatured: false },
      after: { isFeatured: true },
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, total - 1)).toISOString(),
    });
    expect(first.nextBefore).not.toBeNull();

    const second = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { before: first.nextBefore ?? undefined },
      admin.token,
    );
    expect(second.items.map((item) => item.targetId)).toEqual(['1002', '1001', '1000']);
    expect(second.nextBefore).toBeNull();

    const one = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'product', targetId: '1007' },
      admin.token,
    );
    expect(one.items.map((item) => item.targetId)).toEqual(['1007']);
  });
});

describe('admin/getAuditLog filters', () => {
  it('filters by actor e-mail, action or its first part, target and UTC days, both ends included', async () => {
    const other = await createAdminWithSession(t.db);
    const log = (actor: { userId: string; email: string }, action: string, targetId: number, at: string) =>
      recordAdminAction(
        t.db,
        { id: actor.userId, email: actor.email },
        { action, targetKind: action.split('.')[0] ?? '', targetId, before: null, after: null },
        new Date(at),
      );
    await log(other, 'product.publish', 501, '2026-10-01T00:00:00Z');
    await log(other, 'user.deactivate', 502, '2026-10-02T23:59:59Z');
    await log(admin, 'product.publish', 503, '2026-10-03T12:00:00Z');
    const ids = async (filters: object) =>
      (await callOk<AdminAuditPage>(t.app, 'admin/getAuditLog', filters, admin.token)).items.map(
        (item) => item.targetId,
      );

    expect(await ids({ actor: other.email.toUpperCase() })).toEqual(['502', '501']);
    expect(await ids({ actor: other.email, action: 'product' })).toEqual(['501']);
    expect(await ids({ actor: other.email, action: 'user.deactivate' })).toEqual(['502']);
    // A first part matches whole parts only: `prod` is not `product`.
    expect(await ids({ actor: other.email, action: 'prod' })).toEqual([]);
    expect(await ids({ from: '2026-10-02', to: '2026-10-02' })).toEqual(['502']);
    expect(await ids({ from: '2026-10-01', to: '2026-10-03', action: 'product.publish' })).toEqual(['503', '501']);
    expect(await ids({ targetKind: 'user', targetId: '502' })).toEqual(['502']);
    // `%` and `_` are taken literally.
    expect(await ids({ actor: '%' })).toEqual([]);
  });

  it('refuses a date that is not a day, and answers 403 to a user who is no admin', async () => {
    const bad = await callApi(t.app, 'admin/getAuditLog', { from: '01/10/2026' }, { token: admin.token });
    expect(bad.status).toBe(422);
    const user = await createUserWithSession(t.db);
    const forbidden = await callApi(t.app, 'admin/getAuditLog', { actor: 'a' }, { token: user.token });
    expect(forbidden.status).toBe(403);
  });
});
