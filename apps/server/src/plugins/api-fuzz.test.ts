import { type ApiPath, apiRoutes, ErrorEnvelopeSchema } from '@everdeal/contracts';
import { sellerMembers, users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { avatarBody, type FuzzBody, fuzzBody, sellerUploadBody } from '../../test/hostile-requests';
import { inputSchemaOf, routePaths } from '../../test/route-schemas';
import { createSession } from '../modules/users/sessions';

/**
 * Decision 008: every route of the table answers any input with the envelope and a status below
 * 500, within 2 s (requirements §8). Driven by the route table, so routes other branches add
 * join by being in it. `npm test` runs a short sample (15 a route); `npm run test:fuzz` runs 1,000 cases per
 * route (FUZZ_RUNS); FUZZ_SEED replays a run (fast-check prints the seed of a failure).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const HANG_MS = 2000;
// A case costs a few ms; argon2 (register, login) and a megabyte body cost up to ~100 ms.
const TIMEOUT_MS = Math.max(30_000, RUNS * 200);

let t: TestApp;
let userId: string;
let validPng: Buffer;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  // A small catalogue, so generated ids (small integers come first) and slugs find real rows.
  const category = await createCategory(t.db, { name: 'Fuzz' });
  const seller = await createSeller(t.db);
  for (let i = 0; i < 3; i++) {
    await createProduct(t.db, { categoryId: category.id, sellerId: seller.id, plans: [{ codes: 5 }, { codes: 0 }] });
  }
  userId = (await registerUser(t.app)).user.id;
  // A member of the catalogue's seller, so the seller area's routes (decision 014) get past the
  // role guard and their handlers meet the hostile payloads too.
  await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId });
  // The seller's API key for the license calls (decision 032).
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/seller/createApiKey',
    payload: { name: 'Fuzz' },
    headers: { authorization: `Bearer ${await createSession(t.db, userId, new Date())}` },
  });
  apiKey = created.json<{ data: { key: string } }>().data.key;
  validPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6d28d9' } })
    .png()
    .toBuffer();
});
afterAll(() => t?.close());

type Credentials = 'session' | 'none' | 'garbage';
const credentials: fc.Arbitrary<Credentials> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Credentials>('session') },
  { weight: 1, arbitrary: fc.constant<Credentials>('none') },
  { weight: 1, arbitrary: fc.constant<Credentials>('garbage') },
);

/** A live session per case: a case may log out, change the password or deactivate the account. */
async function authorization(kind: Credentials): Promise<Record<string, string>> {
  if (kind === 'none') return {};
  if (kind === 'garbage') return { authorization: 'Bearer not-a-token' };
  await t.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
  return { authorization: `Bearer ${await createSession(t.db, userId, new Date())}` };
}

/** The license calls (decision 032) take the fuzz seller's API key instead of a session. */
function apiKeyAuthorization(kind: Credentials): Record<string, string> {
  if (kind === 'none') return {};
  if (kind === 'garbage') return { authorization: 'Bearer evd_not-a-key' };
  return { authorization: `Bearer ${apiKey}` };
}

/** Sends one case and checks the one pass there is: the envelope, below 500, within 2 s. */
async function expectEnvelope(url: string, body: FuzzBody, headers: Record<string, string>, path?: ApiPath) {
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...headers, ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }) },
  });
  const elapsed = performance.now() - started;
  const what = `${url} (${body.kind}) answered ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  expect(elapsed, `${what} after ${Math.round(elapsed)} ms`).toBeLessThan(HANG_MS);
  expect(response.headers['content-type'], what).toMatch(/^application\/json/);
  const envelope = JSON.parse(response.body) as { code: unknown; msg: unknown; data: unknown };
  if (response.statusCode === 200) {
    expect(envelope.code, what).toBe(0);
    // The answer keeps its contract too.
    if (path) expect(apiRoutes[path].output.safeParse(envelope.data).success, what).toBe(true);
  } else {
    expect(ErrorEnvelopeSchema.parse(envelope), what).toEqual({
      code: response.statusCode,
      msg: expect.stringMatching(/\S/),
      data: null,
    });
  }
}

describe.each(routePaths)('%s', (path) => {
  it(`answers ${RUNS} hostile requests with the envelope, below 500, within 2 s`, { timeout: TIMEOUT_MS }, async () => {
    const route = apiRoutes[path];
    await fc.assert(
      fc.asyncProperty(fuzzBody(inputSchemaOf(path)), credentials, async (body, kind) => {
        const headers = route.requiresAuth
          ? await authorization(kind)
          : (route as { auth?: string }).auth === 'apiKey'
            ? apiKeyAuthorization(kind)
            : {};
        await expectEnvelope(`/api/${path}`, body, headers, path);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});

describe('users/uploadAvatar (multipart, outside the table)', () => {
  it(`answers ${RUNS} hostile multipart bodies with the envelope, below 500, within 2 s`, {
    timeout: TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(avatarBody(validPng), credentials, async (body, kind) => {
        await expectEnvelope('/api/users/uploadAvatar', body, await authorization(kind));
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});

describe.each([
  ['seller/uploadCodes', 'codes', ['planId']],
  ['seller/uploadImage', 'image', ['productId', 'kind', 'alt']],
] as const)('%s (multipart, outside the table)', (path, fileField, fieldNames) => {
  it(`answers ${RUNS} hostile multipart bodies with the envelope, below 500, within 2 s`, {
    timeout: TIMEOUT_MS,
  }, async () => {
    const validFile = fileField === 'codes' ? Buffer.from('code\nFUZZ-0001\n') : validPng;
    await fc.assert(
      fc.asyncProperty(sellerUploadBody(fileField, [...fieldNames], validFile), credentials, async (body, kind) => {
        await expectEnvelope(`/api/${path}`, body, await authorization(kind));
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});

describe('the route table', () => {
  it('has a handler behind every route (an unmounted route would pass the fuzz with 404s)', async () => {
    for (const path of routePaths) {
      const response = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: {} });
      expect(response.json(), path).not.toEqual({ code: 404, msg: 'Requested resource not found', data: null });
    }
  });
});
