import type { ProductUpdate, ProductUpdateList, Thread, ThreadList } from '@everdeal/contracts';
import { CommunityMessage } from '@everdeal/contracts';
import { contentReports, productUpdates, threads } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk, createBoughtDeal, createSellerMember } from '../../../test/community';
import { createDeal } from '../../../test/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { communityPostPerUser: { points: 12, durationSeconds: 3600 } } });
});
afterAll(() => t?.close());

describe('updates', () => {
  it('lets the seller post Markdown updates, rendered and sanitised, newest first', async () => {
    const { product } = await createDeal(t.db);
    const founder = await createSellerMember(t.db, product.sellerId);
    const stranger = await createUserWithSession(t.db);
    const payload = {
      productId: product.id,
      title: 'Version 2.0',
      body: '## New\n\n- **Faster** exports <script>alert(1)</script>\n- [Docs](https://docs.example)',
    };
    expect((await callApi(t.app, 'updates/postUpdate', payload, { token: stranger.token })).status).toBe(403);
    const { update } = await callOk<{ update: ProductUpdate }>(t.app, 'updates/postUpdate', payload, founder.token);
    expect(update.bodyHtml).toContain('<h2>New</h2>');
    expect(update.bodyHtml).toContain('<strong>Faster</strong>');
    expect(update.bodyHtml).not.toContain('<script>');
    expect(update.bodyHtml).toContain('&lt;script&gt;');
    expect(update.bodyHtml).toContain('rel="noopener noreferrer nofollow"');
    await callOk(t.app, 'updates/postUpdate', { ...payload, title: 'Version 2.1' }, founder.token);

    const list = await callOk<ProductUpdateList>(t.app, 'updates/getUpdates', { slug: product.slug });
    expect(list.items.map((u) => u.title)).toEqual(['Version 2.1', 'Version 2.0']);
    const one = await callOk<{ update: ProductUpdate }>(t.app, 'updates/getUpdate', { id: update.id });
    expect(one.update).toMatchObject({ id: update.id, productSlug: product.slug });
    expect((await callApi(t.app, 'updates/getUpdate', { id: 2_000_000_000 })).status).toBe(404);
  });
});

describe('updates and threads at the same time', () => {
  it('put the higher id first, page after page; a hidden thread is in no page or total', async () => {
    const { product } = await createDeal(t.db);
    const author = await createUserWithSession(t.db);
    const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    // Written in this order (ids go up): the order is by time, then the higher id first.
    const times = [hour(1), hour(2), hour(2), hour(1), hour(2)];
    const updateIds = (
      await t.db
        .insert(productUpdates)
        .values(times.map((createdAt, i) => ({ productId: product.id, title: `Update ${i}`, body: '', createdAt })))
        .returning({ id: productUpdates.id })
    ).map((row) => row.id);
    const threadIds = (
      await t.db
        .insert(threads)
        .values(
          [...times, hour(3)].map((lastActivityAt, i) => ({
            productId: product.id,
            userId: author.userId,
            title: `Thread ${i}`,
            body: '',
            lastActivityAt,
            createdAt: hour(0),
            hiddenAt: i === times.length ? new Date() : null,
          })),
        )
        .returning({ id: threads.id })
    ).map((row) => row.id);
    const byTime = (ids: number[]) => [ids[4], ids[2], ids[1], ids[3], ids[0]];
    const pages = <T extends { items: { id: number }[]; total: number }>(path: string) =>
      Promise.all([1, 2, 3].map((page) => callOk<T>(t.app, path, { slug: product.slug, page, pageSize: 2 })));
    const updatePages = await pages<ProductUpdateList>('updates/getUpdates');
    expect(updatePages.flatMap((one) => one.items.map((item) => item.id))).toEqual(byTime(updateIds));
    expect(updatePages.map((one) => one.total)).toEqual([5, 5, 5]);
    const threadPages = await pages<ThreadList>('community/getThreads');
    expect(threadPages.flatMap((one) => one.items.map((item) => item.id))).toEqual(byTime(threadIds));
    expect(threadPages.map((one) => one.total)).toEqual([5, 5, 5]);
  });
});

describe('community threads', () => {
  it('starts threads, takes replies and moves the thread up with its activity', async () => {
    const { product } = await createDeal(t.db);
    const author = await createUserWithSession(t.db);
    const { thread: first } = await callOk<{ thread: Thread }>(
      t.app,
      'community/createThread',
      { productId: product.id, title: 'Share your prompts', body: 'Post the prompts that work for you.' },
      author.token,
    );
    const { thread: second } = await callOk<{ thread: Thread }>(
      t.app,
      'community/createThread',
      { productId: product.id, title: 'Feature wishes', body: 'What should come next?' },
      author.token,
    );
    const founder = await createSellerMember(t.db, product.sellerId);
    const { reply } = await callOk<{ reply: { isFounder: boolean; body: string } }>(
      t.app,
      'community/reply',
      { threadId: first.id, body: 'Great idea, pinning this.' },
      founder.token,
    );
    expect(reply).toMatchObject({ isFounder: true, body: 'Great idea, pinning this.' });
    const list = await callOk<ThreadList>(t.app, 'community/getThreads', { slug: product.slug });
    expect(list.items.map((thread) => [thread.id, thread.replyCount])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ]);
    const full = await callOk<{ thread: Thread }>(t.app, 'community/getThread', { id: first.id });
    expect(full.thread.replies).toHaveLength(1);
    expect((await callApi(t.app, 'community/reply', { threadId: first.id, body: 'Me too' })).status).toBe(401);
  });
});

describe('community/report', () => {
  it('keeps one report per user and item for the admin queue', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const { review } = await callOk<{ review: { id: number } }>(
      t.app,
      'reviews/addReview',
      { productId: product.id, rating: 1, title: 'Spam spam spam', body: 'Buy followers at example.com' },
      buyer.token,
    );
    const reporter = await createUserWithSession(t.db);
    const payload = { target: 'review', id: review.id, reason: 'Advertising' };
    const done = await callOk<{ message: string }>(t.app, 'community/report', payload, reporter.token);
    expect(done.message).toBe(CommunityMessage.reported);
    const again = await callApi(t.app, 'community/report', payload, { token: reporter.token });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(CommunityMessage.alreadyReported);
    const rows = await t.db.select().from(contentReports).where(eq(contentReports.targetId, review.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetKind: 'review', reason: 'Advertising', resolvedAt: null });
    const missing = await callApi(
      t.app,
      'community/report',
      { target: 'thread', id: 2_000_000_000 },
      { token: reporter.token },
    );
    expect(missing.status).toBe(404);
  });
});

describe('community/report of questions, answers and threads', () => {
  it('refuses a second report of the same post by the same user (409, as for a review)', async () => {
    const { product } = await createDeal(t.db);
    const author = await createUserWithSession(t.db);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: product.id, title: 'Is there a refund window?' },
      author.token,
    );
    const { answer } = await callOk<{ answer: { id: number } }>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Sixty days, no questions asked.' },
      author.token,
    );
    const { thread } = await callOk<{ thread: Thread }>(
      t.app,
      'community/createThread',
      { productId: product.id, title: 'Visit my shop', body: 'Cheaper keys at example.com' },
      author.token,
    );
    const reporter = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const posts = [
      { target: 'question', id: question.id },
      { target: 'answer', id: answer.id },
      { target: 'thread', id: thread.id },
    ] as const;
    for (const post of posts) {
      const payload = { ...post, reason: 'Advertising' };
      await callOk(t.app, 'community/report', payload, reporter.token);
      const again = await callApi(t.app, 'community/report', payload, { token: reporter.token });
      expect(again.status, post.target).toBe(409);
      expect(again.body.msg, post.target).toBe(CommunityMessage.alreadyReported);
      // One report per user: someone else's report of the same post is taken.
      await callOk(t.app, 'community/report', payload, other.token);
      const rows = await t.db
        .select({ userId: contentReports.userId })
        .from(contentReports)
        .where(and(eq(contentReports.targetKind, post.target), eq(contentReports.targetId, post.id)));
      expect(rows.map((row) => row.userId).sort(), post.target).toEqual([reporter.userId, other.userId].sort());
    }
  });
});

describe('rate limit', () => {
  it('refuses a user’s posts past the hourly budget with a 429', async () => {
    const { product } = await createDeal(t.db);
    const poster = await createUserWithSession(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const { status } = await callApi(
        t.app,
        'questions/askQuestion',
        { productId: product.id, title: `Question number ${i}` },
        { token: poster.token },
      );
      statuses.push(status);
    }
    expect(statuses.slice(0, 12).every((status) => status === 200)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
