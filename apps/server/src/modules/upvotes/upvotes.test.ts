import { HttpErrorMessage, ShoppingMessage, type UpvoteList, type UpvoteStatus } from '@everdeal/contracts';
import { products, upvotes } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function status(path: 'addUpvote' | 'removeUpvote' | 'checkUpvoteStatus', token: string, payload: object) {
  const response = await callApi<UpvoteStatus>(t.app, `products/${path}`, payload, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.code).toBe(0);
  return response.body.data;
}

async function list(token: string): Promise<UpvoteList> {
  const { status: code, body } = await callApi<UpvoteList>(t.app, 'products/getUserUpvotes', {}, { token });
  expect(code, JSON.stringify(body)).toBe(200);
  return body.data;
}

async function storedCount(productId: number): Promise<number> {
  const [row] = await t.db.select({ count: products.upvoteCount }).from(products).where(eq(products.id, productId));
  return row?.count ?? -1;
}

describe('login', () => {
  it.each(['getUserUpvotes', 'addUpvote', 'removeUpvote', 'checkUpvoteStatus'])(
    '%s answers 401 "User not logged in" without a valid token',
    async (path) => {
      for (const token of [undefined, 'not-a-real-token']) {
        const { status: code, body } = await callApi(t.app, `products/${path}`, { productId: 1 }, { token });
        expect(code).toBe(401);
        expect(body).toEqual({ code: 401, msg: HttpErrorMessage[401], data: null });
      }
    },
  );
});

describe('upvotes', () => {
  it('add and remove are idempotent and the product’s count follows', async () => {
    const a = await createUserWithSession(t.db);
    const b = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const ref = { productId: product.id };

    expect(await status('checkUpvoteStatus', a.token, ref)).toEqual({ isUpvoted: false, upvoteCount: 0 });
    expect(await status('addUpvote', a.token, ref)).toEqual({ isUpvoted: true, upvoteCount: 1 });
    expect(await status('addUpvote', a.token, ref)).toEqual({ isUpvoted: true, upvoteCount: 1 });
    expect(await status('addUpvote', b.token, { ...ref, variantId: null })).toEqual({
      isUpvoted: true,
      upvoteCount: 2,
    });
    expect(await status('checkUpvoteStatus', a.token, ref)).toEqual({ isUpvoted: true, upvoteCount: 2 });

    expect(await status('removeUpvote', a.token, ref)).toEqual({ isUpvoted: false, upvoteCount: 1 });
    expect(await status('removeUpvote', a.token, ref)).toEqual({ isUpvoted: false, upvoteCount: 1 });
    expect(await status('checkUpvoteStatus', a.token, ref)).toEqual({ isUpvoted: false, upvoteCount: 1 });
    expect(await status('checkUpvoteStatus', b.token, ref)).toEqual({ isUpvoted: true, upvoteCount: 1 });
    expect(await storedCount(product.id)).toBe(1);
  });

  it('a plan-level upvote is its own row and counts for the product', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db, { plans: [{}, {}] });
    const variantId = product.plans[1]?.id;
    expect(await status('addUpvote', token, { productId: product.id, variantId })).toEqual({
      isUpvoted: true,
      upvoteCount: 1,
    });
    expect(await status('checkUpvoteStatus', token, { productId: product.id })).toEqual({
      isUpvoted: false,
      upvoteCount: 1,
    });
    expect(await status('addUpvote', token, { productId: product.id })).toMatchObject({ upvoteCount: 2 });
    expect(await status('removeUpvote', token, { productId: product.id, variantId })).toEqual({
      isUpvoted: false,
      upvoteCount: 1,
    });
  });

  it('lists the user’s upvotes newest first with userId and the product', async () => {
    const { token, userId } = await createUserWithSession(t.db);
    expect(await list(token)).toEqual({ upvotes: [], totalCount: 0 });
    const older = await createProduct(t.db, { name: 'Older upvote' });
    const newer = await createProduct(t.db, { name: 'Newer upvote' });
    await status('addUpvote', token, { productId: older.id });
    await status('addUpvote', token, { productId: newer.id });
    const data = await list(token);
    expect(data.totalCount).toBe(2);
    expect(data.upvotes.map((upvote) => upvote.product.name)).toEqual(['Newer upvote', 'Older upvote']);
    expect(data.upvotes[0]).toMatchObject({
      productId: newer.id,
      variantId: null,
      userId,
      product: { id: newer.id, upvoteCount: 1 },
    });
    expect(Date.parse(data.upvotes[0]?.createdAt ?? '')).not.toBeNaN();
  });

  it('404 "Product or plan not found" for an unknown or unpublished product or a plan of another product', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const hidden = await createProduct(t.db, { isPublished: false });
    for (const payload of [
      { productId: 999_999 },
      { productId: hidden.id },
      { productId: product.id, variantId: other.plans[0]?.id },
    ]) {
      for (const path of ['addUpvote', 'removeUpvote', 'checkUpvoteStatus']) {
        const { status: code, body } = await callApi(t.app, `products/${path}`, payload, { token });
        expect(code, `${path} ${JSON.stringify(payload)}`).toBe(404);
        expect(body).toEqual({ code: 404, msg: ShoppingMessage.productOrPlanNotFound, data: null });
      }
    }
    expect(await storedCount(product.id)).toBe(0);
  });
});

describe('isolation between users', () => {
  it('user B neither sees nor removes user A’s upvotes', async () => {
    const a = await createUserWithSession(t.db);
    const b = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    await status('addUpvote', a.token, { productId: product.id });

    expect(await list(b.token)).toEqual({ upvotes: [], totalCount: 0 });
    expect(await status('removeUpvote', b.token, { productId: product.id, userId: a.userId })).toEqual({
      isUpvoted: false,
      upvoteCount: 1,
    });
    const rows = await t.db.select().from(upvotes).where(eq(upvotes.productId, product.id));
    expect(rows.map((row) => row.userId)).toEqual([a.userId]);
    expect((await list(a.token)).upvotes.map((upvote) => upvote.userId)).toEqual([a.userId]);
  });
});

// PGlite has one connection, so calls queue and cannot race: these run on PostgreSQL only
// (`npm run test:pg`), where the app's pool holds several connections (test/database.ts).
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('50 users upvoting one product in parallel make 50 rows and a count of 50', async () => {
    const product = await createProduct(t.db);
    const users = await Promise.all(Array.from({ length: 50 }, () => createUserWithSession(t.db)));
    const answers = await Promise.all(users.map((user) => status('addUpvote', user.token, { productId: product.id })));
    expect(answers.every((answer) => answer.isUpvoted)).toBe(true);
    // Each answer saw its own increment: the counts handed out are exactly 1..50.
    expect(answers.map((answer) => answer.upvoteCount).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(await t.db.select().from(upvotes).where(eq(upvotes.productId, product.id))).toHaveLength(50);
    expect(await storedCount(product.id)).toBe(50);
  });

  it('50 parallel add and remove toggles by one user leave the count equal to the rows', async () => {
    const { token } = await createUserWithSession(t.db);
    const product = await createProduct(t.db);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        status(i % 2 === 0 ? 'addUpvote' : 'removeUpvote', token, { productId: product.id }),
      ),
    );
    const rows = await t.db.select().from(upvotes).where(eq(upvotes.productId, product.id));
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(await storedCount(product.id)).toBe(rows.length);
    expect(await status('checkUpvoteStatus', token, { productId: product.id })).toEqual({
      isUpvoted: rows.length === 1,
      upvoteCount: rows.length,
    });
  });
});
