import type { AdminAuditPage, AdminUserList, AdminUserResult } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, GOOD_PASSWORD, registerUser } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';

// Requirements §13, decision 015: the admin's users. Deactivation ends the account's sessions
// and its logins; reactivation lets it in again; the admin role is granted and revoked; an admin
// cannot lock themselves out; each change is audited.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const auditOf = async (userId: string) =>
  (await callOk<AdminAuditPage>(t.app, 'admin/getAuditLog', { targetKind: 'user', targetId: userId }, admin.token))
    .items;

describe('admin/searchUsers', () => {
  it('finds accounts by part of the e-mail or the name, in any case', async () => {
    const user = await registerUser(t.app, { firstName: 'Grace', lastName: 'Hopperson' });
    const byName = await callOk<AdminUserList>(t.app, 'admin/searchUsers', { q: 'HOPPERS' }, admin.token);
    expect(byName.users).toEqual([
      expect.objectContaining({ id: user.user.id, email: user.email, role: 'user', status: 'active' }),
    ]);
    const byEmail = await callOk<AdminUserList>(
      t.app,
      'admin/searchUsers',
      { q: user.email.slice(0, 12) },
      admin.token,
    );
    expect(byEmail.users.map((found) => found.id)).toContain(user.user.id);
    expect((await callOk<AdminUserList>(t.app, 'admin/searchUsers', { q: '%' }, admin.token)).users).toEqual([]);
  });
});

describe('admin/setUserStatus', () => {
  it('deactivates an account (its session ends, its login is refused) and reactivates it', async () => {
    const user = await registerUser(t.app);
    const { user: deactivated } = await callOk<AdminUserResult>(
      t.app,
      'admin/setUserStatus',
      { userId: user.user.id, status: 'deactivated', reason: 'Chargeback fraud' },
      admin.token,
    );
    expect(deactivated.status).toBe('deactivated');
    const profile = await callApi(t.app, 'users/getUserProfile', {}, { token: user.token });
    expect(profile.status).toBe(401);
    const login = await callApi(t.app, 'users/login', { email: user.email, password: GOOD_PASSWORD });
    expect(login.status).toBe(409);

    await callOk(t.app, 'admin/setUserStatus', { userId: user.user.id, status: 'active' }, admin.token);
    const again = await callApi(t.app, 'users/login', { email: user.email, password: GOOD_PASSWORD });
    expect(again.status).toBe(200);

    const audit = await auditOf(user.user.id);
    expect(audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.reactivate', { status: 'deactivated' }, { status: 'active' }],
      ['user.deactivate', { status: 'active' }, { status: 'deactivated' }],
    ]);
    expect(audit[1]?.reason).toBe('Chargeback fraud');
  });

  it('refuses to deactivate the admin’s own account (409), and 404 for an unknown one', async () => {
    const self = await callApi(t.app, 'admin/setUserStatus', { userId: admin.userId, status: 'deactivated' }, admin);
    expect(self.status).toBe(409);
    expect(self.body.msg).toBe('You cannot deactivate your own account or take away your own admin role');
    const unknown = await callApi(
      t.app,
      'admin/setUserStatus',
      { userId: '00000000-0000-4000-8000-000000000000', status: 'deactivated' },
      admin,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('admin/setUserRole', () => {
  it('grants the admin role, which opens the admin calls at once, and revokes it', async () => {
    const user = await registerUser(t.app);
    expect((await callApi(t.app, 'admin/getOverview', {}, { token: user.token })).status).toBe(403);
    await callOk(t.app, 'admin/setUserRole', { userId: user.user.id, role: 'admin' }, admin.token);
    expect((await callApi(t.app, 'admin/getOverview', {}, { token: user.token })).status).toBe(200);
    const { user: demoted } = await callOk<AdminUserResult>(
      t.app,
      'admin/setUserRole',
      { userId: user.user.id, role: 'user' },
      admin.token,
    );
    expect(demoted.role).toBe('user');
    expect((await callApi(t.app, 'admin/getOverview', {}, { token: user.token })).status).toBe(403);
    expect((await auditOf(user.user.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.revoke_admin', { role: 'admin' }, { role: 'user' }],
      ['user.grant_admin', { role: 'user' }, { role: 'admin' }],
    ]);
  });

  it('refuses to take away the admin’s own role (409)', async () => {
    const self = await callApi(t.app, 'admin/setUserRole', { userId: admin.userId, role: 'user' }, admin);
    expect(self.status).toBe(409);
    expect(await auditOf(admin.userId)).toEqual([]);
  });
});
