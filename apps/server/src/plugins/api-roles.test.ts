import { type ApiPath, type ApiRole, apiRoutes } from '@everdeal/contracts';
import { sellerMembers, users } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { routePaths } from '../../test/route-schemas';
import { createSession } from '../modules/users/sessions';

/**
 * Requirements §6: the role matrix. Every route of the table is called by a visitor, a
 * plain user, a seller (a member of a seller) and an admin, and each answer must match what the
 * route's `role` allows: a caller without the role gets 403 "You do not have permission to
 * perform this action" before the payload is even read, a caller with it gets past the guard.
 * Roles are not ranked: an admin is not a seller unless a member of one. A new route is covered
 * by being in the table. The license calls take a seller's API key and never a session (decision
 * 032): every caller here, whatever its role, is refused 401 (their keys are tested in
 * api-authorization.test.ts and modules/licensing).
 */

type Caller = 'visitor' | 'user' | 'seller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'user', 'seller', 'admin'];
const FORBIDDEN = { code: 403, msg: 'You do not have permission to perform this action', data: null };

let t: TestApp;
const userIds = new Map<Exclude<Caller, 'visitor'>, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const caller of ['user', 'seller', 'admin'] as const) {
    userIds.set(caller, (await registerUser(t.app)).user.id);
  }
  const seller = await createSeller(t.db);
  await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: userIds.get('seller') as string });
  await t.db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.id, userIds.get('admin') as string));
});
afterAll(() => t?.close());

function allows(role: ApiRole | undefined, caller: Caller): boolean {
  return role === undefined || role === caller;
}

/**
 * Each call gets a session of its own, so a route that ends the session (logout) or changes the
 * account cannot change what the next call sees. The payload is `{}`: the guard must answer
 * before validation, and a route that needs fields answers 4xx for them once past the guard.
 */
async function call(path: ApiPath, caller: Caller) {
  const headers: Record<string, string> = {};
  if (caller !== 'visitor') {
    headers.authorization = `Bearer ${await createSession(t.db, userIds.get(caller) as string, new Date())}`;
  }
  return t.app.inject({ method: 'POST', url: `/api/${path}`, payload: {}, headers });
}

describe.each(routePaths)('%s', (path) => {
  const route = apiRoutes[path] as { requiresAuth: boolean; role?: ApiRole; auth?: string };

  it.each(CALLERS)('answers a %s as its role allows', async (caller) => {
    const response = await call(path, caller);
    if (route.auth === 'apiKey') {
      expect(response.statusCode).toBe(401);
    } else if (caller === 'visitor' && route.requiresAuth) {
      expect(response.statusCode).toBe(401);
    } else if (!allows(route.role, caller)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    } else {
      expect(response.statusCode).not.toBe(401);
      expect(response.json()).not.toEqual(FORBIDDEN);
    }
  });
});

/**
 * The part of the matrix a route belongs to: open to a visitor, to any signed-in user, or to one
 * role only (roles are not ranked, so a seller route is not an admin's).
 */
function matrixPartOf(path: ApiPath): Caller {
  const route = apiRoutes[path] as { requiresAuth: boolean; role?: ApiRole };
  if (!route.requiresAuth) return 'visitor';
  return route.role ?? 'user';
}

describe('the route table', () => {
  // Every part of the matrix has routes in it, so none of its checks can pass vacuously after a
  // table change (a role renamed, a guard dropped from every route that had it).
  it.each(CALLERS)('has %s routes (that part of the matrix is not empty)', (caller) => {
    const paths = routePaths.filter((path) => matrixPartOf(path) === caller);
    expect(paths).not.toEqual([]);
  });
});
