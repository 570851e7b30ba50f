import type { AnswerResult, ProductDetail, Thread } from '@everdeal/contracts';
import { users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithSession, waitForMailFile } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk, createBoughtDeal, createSellerMember } from '../../../test/community';

// Decision 004 with the cache on: every community write that changes what a page shows clears
// the catalogue's answers and the rendered pages (one call, `catalogChanged()`), so the next read
// is the database's, not an answer cached before the write. The page cache runs in production
// only; it is cleared by the same call, which the catalogue cache makes visible here: a read
// answered from the cache sends no SQL, a read after a clear does.
let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { CATALOG_CACHE_TTL_MS: '60000' },
    onQuery: (query) => statements.push(query),
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

/** Reads the product twice, proving the second answer came from the cache. */
async function cachedProduct(slug: string): Promise<ProductDetail> {
  await callOk<ProductDetail>(t.app, 'products/getProduct', { slug });
  statements = [];
  const cached = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug });
  expect(statements, 'the second read is a cache hit').toEqual([]);
  return cached;
}

/** Runs a write between two reads of the product and answers whether the second went to the database. */
async function clearsCache(slug: string, write: () => Promise<unknown>): Promise<boolean> {
  await cachedProduct(slug);
  await write();
  statements = [];
  await callOk<ProductDetail>(t.app, 'products/getProduct', { slug });
  return statements.length > 0;
}

describe('community writes and the answer cache', () => {
  it('a new review shows in the product’s rating and count on the very next read', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const before = await cachedProduct(product.slug);
    await callOk(
      t.app,
      'reviews/addReview',
      { productId: product.id, rating: 4, title: 'Solid', body: 'Does what it says.' },
      buyer.token,
    );
    const after = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBe(4);

    // An edit moves the rating at once too.
    await cachedProduct(product.slug);
    await callOk(
      t.app,
      'reviews/updateReview',
      { productId: product.id, rating: 2, title: 'Solid', body: 'Less so now.' },
      buyer.token,
    );
    expect((await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug })).rating).toBe(2);
  });

  it('clears the caches on every other write a page shows: questions, answers, accepting, helpful votes, seller replies, updates, threads and replies', async () => {
    const { product, plan, buyer } = await createBoughtDeal(t.app, t.db);
    const { slug } = product;
    const founder = await createSellerMember(t.db, product.sellerId);
    const emailOf = async (userId: string) =>
      (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';
    const founderEmail = await emailOf(founder.userId);
    const asker = await createUserWithSession(t.db);
    const reader = await createUserWithSession(t.db);

    let questionId = 0;
    expect(
      await clearsCache(slug, async () => {
        const { question } = await callOk<{ question: { id: number } }>(
          t.app,
          'questions/askQuestion',
          { productId: product.id, title: 'Does it export to CSV?' },
          asker.token,
        );
        questionId = question.id;
        // The founder's mail goes out after the answer and reads the database: let it finish,
        // so its statements are not taken for the next read's (a race seen on PostgreSQL).
        await waitForMailFile(t.dataDir, founderEmail, /Subject: New question about/);
      }),
      'askQuestion',
    ).toBe(true);
    let answerId = 0;
    expect(
      await clearsCache(slug, async () => {
        const { answer } = await callOk<AnswerResult>(
          t.app,
          'questions/answerQuestion',
          { questionId, body: 'Yes, from every table.' },
          reader.token,
        );
        answerId = answer.id;
        // Likewise the asker's mail of the answer.
        await waitForMailFile(
          t.dataDir,
          await emailOf(asker.userId),
          /Subject: Your question about .* has a new answer/,
        );
      }),
      'answerQuestion',
    ).toBe(true);
    expect(
      await clearsCache(slug, () => callOk(t.app, 'questions/acceptAnswer', { answerId }, asker.token)),
      'acceptAnswer',
    ).toBe(true);

    const { review } = await callOk<{ review: { id: number } }>(
      t.app,
      'reviews/addReview',
      { productId: product.id, rating: 5, title: 'Great', body: 'Saves hours.' },
      buyer.token,
    );
    expect(
      await clearsCache(slug, () => callOk(t.app, 'reviews/markHelpful', { reviewId: review.id }, reader.token)),
      'markHelpful',
    ).toBe(true);
    // A second vote by the same reader changes nothing, so nothing is cleared.
    expect(
      await clearsCache(slug, () => callOk(t.app, 'reviews/markHelpful', { reviewId: review.id }, reader.token)),
      'a repeated vote',
    ).toBe(false);
    expect(
      await clearsCache(slug, () =>
        callOk(t.app, 'reviews/replyToReview', { reviewId: review.id, body: 'Thank you!' }, founder.token),
      ),
      'replyToReview',
    ).toBe(true);
    expect(
      await clearsCache(slug, () =>
        callOk(
          t.app,
          'updates/postUpdate',
          { productId: product.id, title: 'Version 2', body: 'Faster.' },
          founder.token,
        ),
      ),
      'postUpdate',
    ).toBe(true);

    let threadId = 0;
    expect(
      await clearsCache(slug, async () => {
        const { thread } = await callOk<{ thread: Thread }>(
          t.app,
          'community/createThread',
          { productId: product.id, title: 'Workflows', body: 'Share yours.' },
          reader.token,
        );
        threadId = thread.id;
      }),
      'createThread',
    ).toBe(true);
    expect(
      await clearsCache(slug, () => callOk(t.app, 'community/reply', { threadId, body: 'Mine: drafts.' }, asker.token)),
      'reply',
    ).toBe(true);

    // A report keeps the post online (decision 011): the pages do not change.
    expect(
      await clearsCache(slug, () => callOk(t.app, 'community/report', { target: 'thread', id: threadId }, buyer.token)),
      'report',
    ).toBe(false);
    // A purchase lowers "codes left", which the product's answers show: they go (decision 044).
    expect(await clearsCache(slug, () => buyDeal(t.app, t.db, product.id, plan.id)), 'a purchase').toBe(true);
  });
});
