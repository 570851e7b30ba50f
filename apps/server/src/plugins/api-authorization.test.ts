import { randomBytes, randomUUID } from 'node:crypto';
import { type ApiPath, AppError, apiRoutes, ownedUuid, publicId } from '@everdeal/contracts';
import { sellerMembers, users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { expectOwnedIdsRefused } from '../../test/authorization-checks';
import { ownedResourceFactories, type SuiteUser } from '../../test/owned-resources';
import { findIdFields, inputSchemaOf, type JsonSchema, routePaths, validArbitrary } from '../../test/route-schemas';
import { createSession, findSession } from '../modules/users/sessions';
import { requireSession } from './auth';

/**
 * Decision 008, requirements §6, driven by the route table: every route that needs a login refuses
 * every kind of bad credential with the same 401, and every route that takes the id of a
 * caller's own row refuses another user's (403 or 404). A new route is covered by being in the
 * table; its ids are found through their declarations in packages/contracts/src/ids.ts.
 */

const NOT_LOGGED_IN = { code: 401, msg: 'User not logged in', data: null };
const INVALID_API_KEY = { code: 401, msg: 'Missing, revoked or unknown API key', data: null };
const authRoutes = routePaths.filter((path) => apiRoutes[path].requiresAuth);

let t: TestApp;
let owner: SuiteUser;
let stranger: SuiteUser;
let publicIds: Record<string, unknown>;
const badCredentials: [string, string | undefined][] = [];
// Test-only rows for the check of the check (below): note id → owner's user id.
const notes = new Map<string, string>();

function authenticate(token: string) {
  return findSession(t.db, token, new Date());
}

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // Two routes outside the table that take the id of a caller's own note: one checks the
      // owner, one forgets to. The owned-id check must pass the first and catch the second.
      for (const [name, checksOwner] of [
        ['get', true],
        ['leaky', false],
      ] as const) {
        app.post(`/api/test/notes/${name}`, async (request) => {
          const { user } = await requireSession(authenticate, request);
          const { noteId } = z.object({ noteId: z.uuid() }).parse(request.body);
          const noteOwner = notes.get(noteId);
          if (!noteOwner || (checksOwner && noteOwner !== user.id)) throw AppError.notFound();
          return { code: 0, msg: 'success', data: { noteId } };
        });
      }
    },
  });
  const category = await createCategory(t.db);
  const seller = await createSeller(t.db);
  const product = await createProduct(t.db, { categoryId: category.id, sellerId: seller.id, plans: [{ codes: 3 }] });
  publicIds = { product: product.id, plan: product.plans[0]?.id };

  const registered = await registerUser(t.app);
  owner = { userId: registered.user.id, token: registered.token };
  const other = await registerUser(t.app);
  stranger = { userId: other.user.id, token: other.token };

  // Every kind of credential that must not get in.
  const expired = await createSession(t.db, owner.userId, new Date(Date.now() - 31 * 24 * 60 * 60 * 1000));
  const revoked = (await registerUser(t.app)).token;
  await t.app.inject({
    method: 'POST',
    url: '/api/users/logout',
    payload: {},
    headers: { authorization: `Bearer ${revoked}` },
  });
  const deactivated = await registerUser(t.app);
  await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, deactivated.user.id));
  badCredentials.push(
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', `Basic ${Buffer.from('owner:password').toString('base64')}`],
    ['garbage', 'Bearer not-a-token'],
    ['a token of the right shape nobody was given', `Bearer ${randomBytes(32).toString('base64url')}`],
    ['an over-long token', `Bearer ${'a'.repeat(5000)}`],
    ['two tokens', `Bearer ${owner.token} ${owner.token}`],
    ['an expired session', `Bearer ${expired}`],
    ['a revoked (logged out) session', `Bearer ${revoked}`],
    ["a deactivated user's session", `Bearer ${deactivated.token}`],
  );
});
afterAll(() => t?.close());

/** A payload the route would accept, so that only the credential can be the reason for a refusal. */
function samplePayload(schema: JsonSchema): unknown {
  return fc.sample(validArbitrary(schema), { numRuns: 1, seed: 16 })[0];
}

// The multipart calls outside the table: the avatar and the seller area's uploads (decision 014).
const multipartRoutes = ['users/uploadAvatar', 'seller/uploadCodes', 'seller/uploadImage'];

describe.each([...authRoutes, ...multipartRoutes])('%s', (path) => {
  it('refuses every bad credential with the same 401, whatever the payload', async () => {
    const schema = multipartRoutes.includes(path) ? { type: 'object' } : inputSchemaOf(path as ApiPath);
    for (const [what, header] of badCredentials) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: samplePayload(schema) as object,
        headers: header === undefined ? {} : { authorization: header },
      });
      expect(response.statusCode, what).toBe(401);
      expect(response.json(), what).toEqual(NOT_LOGGED_IN);
    }
  });
});

// Decision 032: the license calls take a seller's API key and nothing else. Every credential that
// is not a live key, a member's valid session token included, gets the same 401.
const apiKeyRoutes = routePaths.filter((path) => (apiRoutes[path] as { auth?: string }).auth === 'apiKey');

describe.each(apiKeyRoutes)('%s (API key)', (path) => {
  it('refuses every credential but a live API key with the same 401, a session included', async () => {
    const seller = await createSeller(t.db);
    await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: owner.userId }).onConflictDoNothing();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/seller/createApiKey',
      payload: { sellerId: seller.id, name: 'revoked' },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const revoked = created.json<{ data: { id: string; key: string } }>().data;
    await t.app.inject({
      method: 'POST',
      url: '/api/seller/revokeApiKey',
      payload: { id: revoked.id },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const keyCredentials: [string, string | undefined][] = [
      ...badCredentials,
      ["a seller's member's live session", `Bearer ${owner.token}`],
      ['a revoked key', `Bearer ${revoked.key}`],
      ['a key of the right shape nobody was given', `Bearer evd_${randomBytes(32).toString('base64url')}`],
      ['a key with a character more', `Bearer ${revoked.key}x`],
    ];
    for (const [what, header] of keyCredentials) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: samplePayload(inputSchemaOf(path)) as object,
        headers: header === undefined ? {} : { authorization: header },
      });
      expect(response.statusCode, what).toBe(401);
      expect(response.json(), what).toEqual(INVALID_API_KEY);
    }
  });
});

describe('ids in the route table', () => {
  it('every id field declares whose rows it names (publicId, ownedId or ownedUuid of packages/contracts/src/ids.ts)', () => {
    const undeclared = routePaths.flatMap((path) =>
      findIdFields(inputSchemaOf(path))
        .filter((field) => field.meta === undefined)
        .map((field) => `${path}: ${field.path.join('.')}`),
    );
    expect(undeclared).toEqual([]);
  });

  const ownedRoutes = authRoutes
    .map((path) => ({ path, fields: findIdFields(inputSchemaOf(path)) }))
    .filter(({ fields }) => fields.some((field) => field.meta?.owner === 'caller'));

  // Today's routes take only public ids (products, plans); orders, payment methods and tickets
  // bring owned ones, and with them these cases. The check itself is tested below.
  if (ownedRoutes.length === 0) it.skip("no route takes the id of a caller's own row yet");
  else
    it.each(ownedRoutes)("$path refuses another user's ids (403 or 404)", async ({ path, fields }) => {
      const resources = [...new Set(fields.filter((f) => f.meta?.owner === 'caller').map((f) => f.meta?.resource))];
      const ownerFields: Record<string, unknown> = {};
      for (const resource of resources) {
        const factory = ownedResourceFactories[resource ?? ''];
        if (!factory) {
          throw new Error(`${path} takes ids of '${resource}': add its factory to apps/server/test/owned-resources.ts`);
        }
        Object.assign(ownerFields, await factory(t, owner));
      }
      await expectOwnedIdsRefused(
        t.app,
        { url: `/api/${path}`, schema: inputSchemaOf(path) },
        fields,
        { ownerFields, publicIds },
        { owner, stranger },
      );
    });
});

describe('the owned-id check itself', () => {
  const noteRoute = (name: string) => ({
    url: `/api/test/notes/${name}`,
    schema: z.toJSONSchema(z.object({ noteId: ownedUuid('note'), productId: publicId('product').optional() }), {
      io: 'input',
    }) as JsonSchema,
  });

  it('finds the owned and public ids of a schema, at any depth', () => {
    const schema = z.toJSONSchema(
      z.object({
        orderId: ownedUuid('order'),
        lines: z.array(z.object({ productId: publicId('product'), variantId: publicId('plan').nullish() })),
        note: z.object({ noteId: ownedUuid('note') }),
        userId: z.string(),
      }),
      { io: 'input' },
    ) as JsonSchema;
    expect(findIdFields(schema).map(({ path, meta }) => [path.join('.'), meta?.owner, meta?.resource])).toEqual([
      ['orderId', 'caller', 'order'],
      ['lines.0.productId', 'public', 'product'],
      ['lines.0.variantId', 'public', 'plan'],
      ['note.noteId', 'caller', 'note'],
      ['userId', undefined, undefined],
    ]);
  });

  it('passes a route that checks the owner, and catches one that does not', async () => {
    const noteId = randomUUID();
    notes.set(noteId, owner.userId);
    const route = noteRoute('get');
    const fields = findIdFields(route.schema);
    const ids = { ownerFields: { noteId }, publicIds };
    await expectOwnedIdsRefused(t.app, route, fields, ids, { owner, stranger });
    await expect(expectOwnedIdsRefused(t.app, noteRoute('leaky'), fields, ids, { owner, stranger })).rejects.toThrow(
      /of another user: 200/,
    );
  });
});
