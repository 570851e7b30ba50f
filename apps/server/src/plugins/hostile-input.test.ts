import { users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, type RegisteredUser, registerUser, uniqueEmail } from '../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../test/app';

// Decision 008: inputs that answered 500 (and logged their values) now answer a 4xx with the
// envelope (requirements §8), and no log line carries a secret or personal data (decision 008).

let t: TestApp;
let user: RegisteredUser;
let productId: number;
let variantId: number;
const logLines: string[] = [];
const SECRET_EMAIL = 'secret-person@example.com';

beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => logLines.push(line) },
    env: { LOG_LEVEL: 'debug' },
    beforeReady: (app) => {
      // Routes that reach the database the way a schema looser than its columns would.
      app.post('/api/test/out-of-range', async () => {
        await t.db.execute(sql`select ${2_147_483_648}::integer`);
        return { code: 0 };
      });
      app.post('/api/test/nul-insert', async () => {
        await t.db.insert(users).values({ email: SECRET_EMAIL, firstName: 'a\u0000b', passwordHash: '$argon2id$x' });
        return { code: 0 };
      });
      app.post('/api/test/duplicate-insert', async () => {
        const row = { email: SECRET_EMAIL, firstName: 'Secret', passwordHash: '$argon2id$v=19$secret-hash' };
        await t.db.insert(users).values(row);
        await t.db.insert(users).values(row);
        return { code: 0 };
      });
    },
  });
  user = await registerUser(t.app);
  const category = await createCategory(t.db);
  const seller = await createSeller(t.db);
  const product = await createProduct(t.db, { categoryId: category.id, sellerId: seller.id, plans: [{ codes: 3 }] });
  productId = product.id;
  variantId = product.plans[0]?.id ?? 0;
});
afterAll(() => t?.close());
beforeEach(() => {
  logLines.length = 0;
});

const TOO_BIG = 2_147_483_648;

describe('ids above 2^31-1 (the largest PostgreSQL integer)', () => {
  it.each([
    ['cart/change', { productId: TOO_BIG, variantId: 1, quantity: 1 }, 'productId: productId must be a product id'],
    ['cart/change', { productId: 1, variantId: TOO_BIG, quantity: 1 }, 'variantId: variantId must be a plan id'],
    ['user_favorites/addToFavorites', { productId: TOO_BIG }, 'productId: productId must be a product id'],
    ['user_favorites/removeFromFavorites', { productId: TOO_BIG }, 'productId: productId must be a product id'],
    [
      'user_favorites/checkFavoriteStatus',
      { productId: 1, variantId: TOO_BIG },
      'variantId: variantId must be a plan id',
    ],
    ['products/addUpvote', { productId: TOO_BIG }, 'productId: productId must be a product id'],
    ['products/removeUpvote', { productId: TOO_BIG }, 'productId: productId must be a product id'],
    ['products/checkUpvoteStatus', { productId: 9_007_199_254_740_992 }, 'productId: productId must be a product id'],
  ])('%s %j is a 422 naming the field', async (path, payload, message) => {
    const { status, body } = await callApi(t.app, path, payload, { token: user.token });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg: message, data: null });
  });

  it('2^31-1 itself is a valid id that simply matches no product', async () => {
    const { status, body } = await callApi(
      t.app,
      'cart/change',
      { productId: 2_147_483_647, variantId: 2_147_483_647, quantity: 1 },
      { token: user.token },
    );
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });

  it('real ids still work', async () => {
    const { status } = await callApi(
      t.app,
      'cart/change',
      { productId, variantId, quantity: 1 },
      { token: user.token },
    );
    expect(status).toBe(200);
  });
});

describe('characters the database cannot store', () => {
  it.each([
    ['users/register', { email: uniqueEmail(), password: GOOD_PASSWORD, firstName: 'a\u0000b' }, 'firstName'],
    [
      'users/register',
      { email: uniqueEmail(), password: GOOD_PASSWORD, lastName: 'lone \ud800 surrogate' },
      'lastName',
    ],
    ['users/login', { email: 'a\u0000b', password: 'x' }, 'email'],
    ['users/login', { email: 'a@example.com', password: 'pass\u0000word' }, 'password'],
    ['users/forgotPassword', { email: 'a\u0000b@example.com' }, undefined],
  ])('%s with %j is a 4xx naming the field', async (path, payload, field) => {
    const { status, body } = await callApi(t.app, path, payload);
    expect([400, 422]).toContain(status);
    expect(body.code).toBe(status);
    expect(body.data).toBeNull();
    if (field) expect(body.msg).toBe(`${field}: Invalid format`);
  });

  it.each([
    [{ firstName: 'a\u0000b' }, 'firstName: Invalid format'],
    [{ occupation: '\udc00' }, 'occupation: Invalid format'],
  ])('updateUserProfile %j is a 422 and changes nothing', async (payload, message) => {
    const { status, body } = await callApi(t.app, 'users/updateUserProfile', payload, { token: user.token });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg: message, data: null });
    const profile = await callApi<{ firstName: string }>(t.app, 'users/getUserProfile', {}, { token: user.token });
    expect(profile.body.data.firstName).toBe('Ada');
  });

  it('a well-formed pair of surrogates (an emoji) is stored as it is', async () => {
    const { status, body } = await callApi<{ firstName: string }>(
      t.app,
      'users/updateUserProfile',
      { firstName: 'Ada 🦊' },
      { token: user.token },
    );
    expect(status).toBe(200);
    expect(body.data.firstName).toBe('Ada 🦊');
  });

  it('a NUL in a field the route ignores is ignored with it (requirements §7)', async () => {
    const { status } = await callApi(t.app, 'users/getUserProfile', { junk: 'a\u0000b' }, { token: user.token });
    expect(status).toBe(200);
  });
});

describe('the database as the last net', () => {
  it('a value out of the column range is a 400 with the envelope, logged as a warning without the value', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/out-of-range', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: 'Invalid request data', data: null });
    const warning = logLines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'the database refused a value');
    expect(warning).toMatchObject({ level: 40, err: { type: 'DrizzleQueryError', cause: { code: '22003' } } });
    expect(logLines.join('\n')).not.toContain('2147483648');
  });

  it('a NUL reaching an insert is a 400 and neither the e-mail nor the hash is logged', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/nul-insert', payload: {} });
    expect(response.statusCode).toBe(400);
    const logged = logLines.join('\n');
    expect(logged).toContain('the database refused a value');
    expect(logged).not.toContain(SECRET_EMAIL);
    expect(logged).not.toContain('$argon2id');
  });

  it('an unexpected database error is a bare 500; its log line keeps the SQL and the constraint, not the values', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-insert', payload: {} });
    expect(response.statusCode).toBe(500);
    const line = logLines.map((raw) => JSON.parse(raw)).find((entry) => entry.msg === 'unexpected error');
    expect(line?.level).toBe(50);
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: expect.stringMatching(/^insert into "users"/),
      cause: { code: '23505', constraint: 'users_email_lower_key' },
    });
    const logged = logLines.join('\n');
    expect(logged).not.toContain(SECRET_EMAIL);
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('Secret');
  });
});

describe('log lines of account calls', () => {
  it('register, login, a failed login and a profile change log no e-mail, password, hash or token', async () => {
    const email = uniqueEmail('private');
    const registered = await registerUser(t.app, { email, firstName: 'Privatename' });
    await callApi(t.app, 'users/login', { email, password: 'wrong-password-here' });
    await callApi(t.app, 'users/login', { email, password: registered.password });
    await callApi(t.app, 'users/updateUserProfile', { lastName: 'Privatesurname' }, { token: registered.token });
    await callApi(t.app, 'users/forgotPassword', { email });
    await t.app.inject({ method: 'GET', url: `/auth/reset-password?token=${registered.token}&email=${email}` });
    // Closing waits for the mails sent in the background, whose lines are checked too.
    await t.close();
    expect(logLines.length).toBeGreaterThan(5);
    const logged = logLines.join('\n');
    for (const secret of [email, registered.password, 'wrong-password-here', registered.token, 'Privatesurname']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('$argon2');
    expect(logged).toContain('/auth/reset-password?token=[redacted]&email=[redacted]');
  });
});
