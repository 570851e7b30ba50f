import type {
  AdminAuditPage,
  ModerateResult,
  ProductDetail,
  Question,
  QuestionList,
  ReportedPostList,
  ReviewList,
  ThreadList,
} from '@everdeal/contracts';
import { contentReports, products, reviews, users } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk, createBoughtDeal } from '../../../test/community';
import { refreshDealHealth } from '../community/deal-health';

// Requirements §13, decision 015: the moderation queue. A hidden post leaves every public read
// and count at once (the catalogue cache is on here, so a stale cached answer would show) and
// comes back on restore; its author is mailed either way; every action is audited.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_TTL_MS: '60000' } });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

async function emailOf(userId: string) {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

async function report(target: string, id: number, reason: string) {
  const reporter = await createUserWithSession(t.db);
  await callOk(t.app, 'community/report', { target, id, reason }, reporter.token);
  return reporter;
}

const moderate = (payload: object) => callOk<ModerateResult>(t.app, 'admin/moderate', payload, admin.token);
const product = (slug: string) => callOk<ProductDetail>(t.app, 'products/getProduct', { slug });
const openReportsOf = (kind: 'review' | 'question' | 'answer' | 'thread', id: number) =>
  t.db
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(
      and(eq(contentReports.targetKind, kind), eq(contentReports.targetId, id), isNull(contentReports.resolvedAt)),
    );

describe('admin/getReports', () => {
  it('groups open reports by post with the text, author, product, count and reasons, oldest first', async () => {
    const { product: deal, buyer } = await createBoughtDeal(t.app, t.db);
    const { review } = await callOk<{ review: { id: number } }>(
      t.app,
      'reviews/addReview',
      { productId: deal.id, rating: 2, title: 'Reported review', body: 'Spam spam spam and more spam.' },
      buyer.token,
    );
    await report('review', review.id, 'Spam');
    await report('review', review.id, '');
    await report('review', review.id, 'Advertising');

    const queue = await callOk<ReportedPostList>(t.app, 'admin/getReports', {}, admin.token);
    const entry = queue.items.find((item) => item.targetKind === 'review' && item.targetId === review.id);
    expect(entry).toMatchObject({
      title: 'Reported review',
      text: 'Spam spam spam and more spam.',
      authorEmail: await emailOf(buyer.userId),
      productSlug: deal.slug,
      productName: deal.name,
      isHidden: false,
      reportCount: 3,
      reasons: ['Spam', 'Advertising'],
    });
    const times = queue.items.map((item) => item.firstReportedAt);
    expect(times).toEqual([...times].sort());
  });

  it('shows each report with its stored reason and its reporter; a report without a reason still counts', async () => {
    const { product: deal, buyer } = await createBoughtDeal(t.app, t.db);
    const { review } = await callOk<{ review: { id: number } }>(
      t.app,
      'reviews/addReview',
      { productId: deal.id, rating: 1, title: 'Rude review', body: 'A rude and off-topic review text.' },
      buyer.token,
    );
    const first = await report('review', review.id, 'Offensive: insults the seller');
    const second = await report('review', review.id, '');
    const [stored] = await t.db
      .select({ reason: contentReports.reason })
      .from(contentReports)
      .where(and(eq(contentReports.targetId, review.id), eq(contentReports.userId, first.userId)));
    expect(stored?.reason).toBe('Offensive: insults the seller');

    const queue = await callOk<ReportedPostList>(t.app, 'admin/getReports', {}, admin.token);
    const entry = queue.items.find((item) => item.targetKind === 'review' && item.targetId === review.id);
    expect(entry?.reportCount).toBe(2);
    expect(entry?.reports).toEqual([
      expect.objectContaining({ reason: 'Offensive: insults the seller', reporterEmail: await emailOf(first.userId) }),
      expect.objectContaining({ reason: '', reporterEmail: await emailOf(second.userId) }),
    ]);
    expect(entry?.reports.every((item) => typeof item.reporterName === 'string' && item.reportedAt)).toBe(true);
  });
});

describe('admin/moderate a review', () => {
  it('hides it from the lists, the count and the rating, mails the author, then restores it', async () => {
    const { product: deal, plan, buyer } = await createBoughtDeal(t.app, t.db);
    const other = await buyDeal(t.app, t.db, deal.id, plan.id);
    await callOk(
      t.app,
      'reviews/addReview',
      { productId: deal.id, rating: 5, title: 'Great tool', body: 'Saves me an hour every day.' },
      other.token,
    );
    const { review } = await callOk<{ review: { id: number } }>(
      t.app,
      'reviews/addReview',
      { productId: deal.id, rating: 1, title: 'Buy my course', body: 'Visit my site for a better deal.' },
      buyer.token,
    );
    await report('review', review.id, 'Advertising');
    const before = await product(deal.slug);
    expect(before).toMatchObject({ reviewCount: 2, rating: 3 });

    const missingReason = await callApi(
      t.app,
      'admin/moderate',
      { targetKind: 'review', targetId: review.id, action: 'hide' },
      admin,
    );
    expect(missingReason.status).toBe(422);
    expect(missingReason.body.msg).toBe('reason: write why the post is hidden (its author reads it)');

    const hidden = await moderate({ targetKind: 'review', targetId: review.id, action: 'hide', reason: 'Advertising' });
    expect(hidden).toEqual({ isHidden: true, resolvedReports: 1 });
    expect(await product(deal.slug)).toMatchObject({ reviewCount: 1, rating: 5 });
    const list = await callOk<ReviewList>(t.app, 'reviews/getReviews', { slug: deal.slug }, undefined);
    expect(list.items.map((item) => item.id)).not.toContain(review.id);
    expect(list.total).toBe(1);
    expect(await openReportsOf('review', review.id)).toEqual([]);
    const mail = await waitForMailFile(t.dataDir, await emailOf(buyer.userId), /was hidden/);
    expect(mail).toContain('Advertising');
    // Hidden is out of reach: no helpful vote, no new report, and an edit moves no total.
    const vote = await callApi(t.app, 'reviews/markHelpful', { reviewId: review.id }, other);
    expect(vote.status).toBe(404);
    const again = await callApi(t.app, 'community/report', { target: 'review', id: review.id }, other);
    expect(again.status).toBe(404);
    await callOk(
      t.app,
      'reviews/updateReview',
      { productId: deal.id, rating: 2, title: 'Buy my course', body: 'Visit my site for a better deal.' },
      buyer.token,
    );
    expect(await product(deal.slug)).toMatchObject({ reviewCount: 1, rating: 5 });

    const twice = await callApi(
      t.app,
      'admin/moderate',
      { targetKind: 'review', targetId: review.id, action: 'hide', reason: 'x' },
      admin,
    );
    expect(twice.status).toBe(409);

    expect(await moderate({ targetKind: 'review', targetId: review.id, action: 'restore' })).toEqual({
      isHidden: false,
      resolvedReports: 0,
    });
    expect(await product(deal.slug)).toMatchObject({ reviewCount: 2, rating: 3.5 });
    await waitForMailFile(t.dataDir, await emailOf(buyer.userId), /is visible again/);

    const audit = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'review', targetId: String(review.id) },
      admin.token,
    );
    expect(audit.items.map((item) => item.action)).toEqual(['review.restore', 'review.hide']);
    expect(audit.items[1]).toMatchObject({
      reason: 'Advertising',
      before: { hiddenAt: null, hiddenReason: null },
      after: { hiddenReason: 'Advertising' },
    });
    expect(audit.items[0]?.after).toEqual({ hiddenAt: null, hiddenReason: null });
  });

  it('leaves the deal-health rating trend', async () => {
    const deal = await createProduct(t.db);
    const old = await createUserWithSession(t.db);
    const recent = await createUserWithSession(t.db);
    const now = new Date();
    const [, recentReview] = await t.db
      .insert(reviews)
      .values([
        {
          productId: deal.id,
          userId: old.userId,
          rating: 3,
          title: 'Old',
          body: 'An old review.',
          createdAt: new Date(now.getTime() - 400 * 86_400_000),
          updatedAt: now,
        },
        {
          productId: deal.id,
          userId: recent.userId,
          rating: 5,
          title: 'New',
          body: 'A new review.',
          createdAt: now,
          updatedAt: now,
        },
      ])
      .returning({ id: reviews.id });
    const trend = async () => {
      await t.db.transaction((tx) => refreshDealHealth(tx, new Date()));
      const [row] = await t.db
        .select({ parts: products.dealHealthParts })
        .from(products)
        .where(eq(products.id, deal.id));
      return row?.parts?.ratingTrend;
    };
    expect(await trend()).toBe(1);
    await report('review', recentReview?.id ?? 0, 'Fake');
    await moderate({ targetKind: 'review', targetId: recentReview?.id, action: 'hide', reason: 'Fake review' });
    expect(await trend()).toBeNull();
  });
});

describe('admin/moderate questions, answers and threads', () => {
  it('hides a question from the list and its page, and an answer from its question and answer count; mails each author', async () => {
    const deal = await createProduct(t.db);
    const asker = await createUserWithSession(t.db);
    const answerer = await createUserWithSession(t.db);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: deal.id, title: 'Does it export to PDF?', body: 'I need PDF exports for my clients.' },
      asker.token,
    );
    const { answer } = await callOk<{ answer: { id: number } }>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Buy my other tool instead, link in bio.' },
      answerer.token,
    );
    await report('answer', answer.id, 'Spam');
    await moderate({ targetKind: 'answer', targetId: answer.id, action: 'hide', reason: 'Spam' });
    const page = await callOk<Question>(t.app, 'questions/getQuestion', { id: question.id });
    expect(page.answers).toEqual([]);
    expect(page.answerCount).toBe(0);
    const list = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: deal.slug });
    expect(list.items[0]).toMatchObject({ id: question.id, answerCount: 0, topAnswer: null });
    await waitForMailFile(t.dataDir, await emailOf(answerer.userId), /Your answer about .* was hidden/);

    await report('question', question.id, 'Off topic');
    await moderate({ targetKind: 'question', targetId: question.id, action: 'hide', reason: 'Off topic' });
    const emptied = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: deal.slug });
    expect(emptied).toMatchObject({ items: [], total: 0 });
    const gone = await callApi(t.app, 'questions/getQuestion', { id: question.id });
    expect(gone.status).toBe(404);
    const askerEmail = await emailOf(asker.userId);
    const hiddenMail = await waitForMailFile(t.dataDir, askerEmail, /Your question about .* was hidden/);
    expect(hiddenMail).toContain('Off topic');

    await moderate({ targetKind: 'question', targetId: question.id, action: 'restore' });
    await moderate({ targetKind: 'answer', targetId: answer.id, action: 'restore' });
    await waitForMailFile(t.dataDir, askerEmail, /Your question about .* is visible again/);
    const back = await callOk<Question>(t.app, 'questions/getQuestion', { id: question.id });
    expect(back.answerCount).toBe(1);
    expect(back.answers.map((item) => item.id)).toEqual([answer.id]);
  });

  it('hides a thread from the list and its page, and mails its author', async () => {
    const deal = await createProduct(t.db);
    const author = await createUserWithSession(t.db);
    const { thread } = await callOk<{ thread: { id: number } }>(
      t.app,
      'community/createThread',
      { productId: deal.id, title: 'Cheap keys here', body: 'Message me for cheaper keys.' },
      author.token,
    );
    await report('thread', thread.id, 'Scam');
    await moderate({ targetKind: 'thread', targetId: thread.id, action: 'hide', reason: 'Scam' });
    const list = await callOk<ThreadList>(t.app, 'community/getThreads', { slug: deal.slug });
    expect(list).toMatchObject({ items: [], total: 0 });
    expect((await callApi(t.app, 'community/getThread', { id: thread.id })).status).toBe(404);
    const mail = await waitForMailFile(
      t.dataDir,
      await emailOf(author.userId),
      /Your discussion thread about .* was hidden/,
    );
    expect(mail).toContain('Scam');
    const reply = await callApi(t.app, 'community/reply', { threadId: thread.id, body: 'Hello?' }, author);
    expect(reply.status).toBe(404);
  });

  it('dismisses the reports and keeps the post; 409 when nothing is open, 404 for an unknown post', async () => {
    const deal = await createProduct(t.db);
    const author = await createUserWithSession(t.db);
    const { thread } = await callOk<{ thread: { id: number } }>(
      t.app,
      'community/createThread',
      { productId: deal.id, title: 'Roadmap?', body: 'What is coming next quarter?' },
      author.token,
    );
    await report('thread', thread.id, 'I do not like it');
    await report('thread', thread.id, '');
    expect(await moderate({ targetKind: 'thread', targetId: thread.id, action: 'dismiss' })).toEqual({
      isHidden: false,
      resolvedReports: 2,
    });
    expect((await callOk<ThreadList>(t.app, 'community/getThreads', { slug: deal.slug })).total).toBe(1);
    const queue = await callOk<ReportedPostList>(t.app, 'admin/getReports', {}, admin.token);
    expect(queue.items.some((item) => item.targetKind === 'thread' && item.targetId === thread.id)).toBe(false);

    const nothing = await callApi(
      t.app,
      'admin/moderate',
      { targetKind: 'thread', targetId: thread.id, action: 'dismiss' },
      admin,
    );
    expect(nothing.status).toBe(409);
    expect(nothing.body.msg).toBe('This post has no open reports');
    const unknown = await callApi(
      t.app,
      'admin/moderate',
      { targetKind: 'answer', targetId: 2_000_000_000, action: 'restore' },
      admin,
    );
    expect(unknown.status).toBe(404);
    const audit = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'thread', targetId: String(thread.id) },
      admin.token,
    );
    expect(audit.items[0]).toMatchObject({
      action: 'thread.dismiss',
      before: { openReports: 2 },
      after: { openReports: 0 },
    });
  });
});
