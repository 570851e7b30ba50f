import { sellerMembers, users } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

/**
 * Decision 023: `users/getMyAreas` tells the menus which areas to link to, from the same rules as
 * the route table's guard (requirements §6): a member of an approved seller has the seller area,
 * `users.role = admin` the admin area, and roles are not ranked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function areasOf(token: string | null) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/getMyAreas',
    payload: { seller: true, admin: true },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

describe('users/getMyAreas', () => {
  it('answers a visitor 401 "User not logged in"', async () => {
    expect(await areasOf(null)).toEqual({
      status: 401,
      body: { code: 401, msg: 'User not logged in', data: null },
    });
  });

  it('gives a shopper neither area, whatever the payload claims', async () => {
    const shopper = await registerUser(t.app);
    expect((await areasOf(shopper.token)).body).toEqual({
      code: 0,
      msg: 'success',
      data: { seller: false, admin: false },
    });
  });

  it('gives a member of an approved seller the seller area, and only that', async () => {
    const member = await registerUser(t.app);
    const seller = await createSeller(t.db);
    await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.user.id });
    expect((await areasOf(member.token)).body.data).toEqual({ seller: true, admin: false });
  });

  it('gives an admin the admin area; an admin who is no seller member has no seller area', async () => {
    const admin = await registerUser(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await areasOf(admin.token)).body.data).toEqual({ seller: false, admin: true });
  });

  it('follows a change at once: an admin made a plain user loses the admin area', async () => {
    const admin = await registerUser(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    expect((await areasOf(admin.token)).body.data.admin).toBe(true);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.user.id));
    expect((await areasOf(admin.token)).body.data.admin).toBe(false);
  });
});
