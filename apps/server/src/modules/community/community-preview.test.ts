// The product page's community previews (docs/benchmarks.md "Community on the product page"):
// one prepared statement answers what the four list calls answer for their first page, hidden posts (decision 015) left out alike.
import type { ProductUpdateList, QuestionList, ReviewList, ThreadList } from '@everdeal/contracts';
import { products, reviews, users } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { callOk, createBoughtDeal, createSellerMember } from '../../../test/community';
import { getCommunityPreview, PREVIEW_SIZES } from './community-preview';

let t: TestApp;
let statements: string[] = [];
let productId = 0;
let slug = '';
const hidden = { review: 0, question: 0, answer: 0, thread: 0 };

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => statements.push(query) });
  const admin = await createAdminWithSession(t.db);
  const { product, buyer } = await createBoughtDeal(t.app, t.db);
  productId = product.id;
  slug = product.slug;
  const founder = await createSellerMember(t.db, product.sellerId);
  const people = await Promise.all(Array.from({ length: 5 }, () => createUserWithSession(t.db)));
  const [ana, ben, cleo, dev, eve] = people.map((person) => person.userId) as [string, string, string, string, string];
  // Authors as pages show them: full names, one with an avatar, one with no name at all.
  await t.db
    .update(users)
    .set({ firstName: 'Ana', lastName: 'Lopez', avatarUrl: '/uploads/ana.png' })
    .where(eq(users.id, ana));
  await t.db.update(users).set({ firstName: 'ben', lastName: 'okafor' }).where(eq(users.id, ben));
  await t.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, cleo));
  const post = <T>(path: string, payload: object, token: string) => callOk<T>(t.app, path, payload, token);
  const hide = (targetKind: keyof typeof hidden, targetId: number) =>
    post('admin/moderate', { targetKind, targetId, action: 'hide', reason: 'Spam' }, admin.token);

  // Reviews: the buyer's through the API (verified purchaser, with the seller's reply), the
  // others written straight in (they bought nothing: no badge), helpful votes through the API.
  const { review: own } = await post<{ review: { id: number } }>(
    'reviews/addReview',
    { productId, rating: 5, title: 'Worth every cent', body: 'It replaced three tools for me.' },
    buyer.token,
  );
  const now = new Date();
  const written = await t.db
    .insert(reviews)
    .values(
      [ana, ben, cleo, dev, eve].map((userId, i) => ({
        productId,
        userId,
        rating: (i % 5) + 1,
        title: `Review ${i}`,
        body: 'Plain text.',
        // Two ties, so the order falls back to the newest id as `getReviews` does.
        helpfulCount: [4, 2, 2, 0, 9][i] ?? 0,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: reviews.id });
  await t.db
    .update(products)
    .set({ reviewCount: 6, ratingTotal: 5 + 1 + 2 + 3 + 4 + 5 })
    .where(eq(products.id, productId));
  for (const voter of [ana, ben, cleo]) {
    const token = people.find((person) => person.userId === voter)?.token ?? '';
    await post('reviews/markHelpful', { reviewId: own.id }, token);
  }
  await post('reviews/replyToReview', { reviewId: own.id, body: 'Thank you!' }, founder.token);
  // The most helpful review is hidden: it must not lead the preview.
  hidden.review = written[4]?.id ?? 0;
  await hide('review', hidden.review);

  // Questions with answers: a founder's, an accepted one, one whose only answer is hidden, and
  // a hidden question (the newest).
  const ask = async (token: string, title: string) =>
    (await post<{ question: { id: number } }>('questions/askQuestion', { productId, title, body: '' }, token)).question
      .id;
  const answer = async (token: string, questionId: number, body: string) =>
    (await post<{ answer: { id: number } }>('questions/answerQuestion', { questionId, body }, token)).answer.id;
  const first = await ask(people[0]?.token ?? '', 'Does it work offline?');
  await answer(people[1]?.token ?? '', first, 'I think so.');
  await answer(founder.token, first, 'Yes, fully offline.');
  const second = await ask(people[1]?.token ?? '', 'Is there an API?');
  await answer(people[2]?.token ?? '', second, 'There is.');
  const accepted = await answer(people[3]?.token ?? '', second, 'Yes, a REST one.');
  await post('questions/acceptAnswer', { answerId: accepted }, people[1]?.token ?? '');
  const third = await ask(people[2]?.token ?? '', 'Can I share a seat?');
  hidden.answer = await answer(people[4]?.token ?? '', third, 'Buy my course instead.');
  await hide('answer', hidden.answer);
  await ask(people[3]?.token ?? '', 'Which languages?');
  hidden.question = await ask(people[4]?.token ?? '', 'Spam question?');
  await hide('question', hidden.question);

  // Updates (the seller's, not moderated) and threads, one of them hidden.
  for (const title of ['Version 2', 'Dark mode', 'Faster exports']) {
    await post('updates/postUpdate', { productId, title, body: `**${title}** is out.` }, founder.token);
  }
  const thread = async (token: string, title: string) =>
    (await post<{ thread: { id: number } }>('community/createThread', { productId, title, body: 'Hello' }, token))
      .thread.id;
  const older = await thread(people[0]?.token ?? '', 'Show your setups');
  await thread(people[1]?.token ?? '', 'Feature wishes');
  await thread(people[2]?.token ?? '', 'Tips and tricks');
  // A reply moves the older thread to the top: threads follow their latest activity.
  await post('community/reply', { threadId: older, body: 'Mine is a laptop.' }, founder.token);
  hidden.thread = await thread(people[3]?.token ?? '', 'Cheap licences here');
  await hide('thread', hidden.thread);
});
afterAll(() => t?.close());
beforeEach(() => {
  statements = [];
});

/** What the product page showed before: the four list calls' first pages, through the API. */
async function fromListCalls(productSlug: string) {
  const list = <T extends { items: unknown[]; total: number }>(path: string, payload: object) =>
    callOk<T>(t.app, path, { slug: productSlug, ...payload }).then(({ items, total }) => ({ items, total }));
  return {
    reviews: await list<ReviewList>('reviews/getReviews', { pageSize: PREVIEW_SIZES.reviews, sort: 'helpful' }),
    questions: await list<QuestionList>('questions/getQuestions', { pageSize: PREVIEW_SIZES.questions }),
    updates: await list<ProductUpdateList>('updates/getUpdates', { pageSize: PREVIEW_SIZES.updates }),
    threads: await list<ThreadList>('community/getThreads', { pageSize: PREVIEW_SIZES.threads }),
  };
}

describe('getCommunityPreview', () => {
  it('answers what the four list calls answer for their first page', async () => {
    const preview = await getCommunityPreview({ db: t.db }, productId);
    expect(preview).toEqual(await fromListCalls(slug));
    // The data above is what the comparison is about, not an empty match.
    expect(preview.reviews.total).toBe(5);
    expect(preview.reviews.items.map((review) => review.helpfulCount)).toEqual([4, 3, 2]);
    expect(preview.reviews.items[1]).toMatchObject({ isVerifiedPurchaser: true, sellerReply: 'Thank you!' });
    expect(preview.reviews.items.map((review) => review.author.name)).toEqual(['Ana L.', 'Test U.', 'Everdeal member']);
    expect(preview.reviews.items[0]?.author.avatarUrl).toBe('/uploads/ana.png');
    expect(preview.questions.total).toBe(4);
    const [languages, seat, api] = preview.questions.items;
    expect(languages).toMatchObject({ title: 'Which languages?', answerCount: 0, topAnswer: null });
    expect(seat).toMatchObject({ title: 'Can I share a seat?', answerCount: 0, topAnswer: null });
    expect(api?.topAnswer).toMatchObject({ body: 'Yes, a REST one.', isAccepted: true });
    expect(preview.updates).toMatchObject({ total: 3, items: [{ title: 'Faster exports' }, { title: 'Dark mode' }] });
    expect(preview.updates.items[0]?.bodyHtml).toContain('<strong>Faster exports</strong>');
    expect(preview.threads.total).toBe(3);
    expect(preview.threads.items.map((thread) => thread.title)).toEqual([
      'Show your setups',
      'Tips and tricks',
      'Feature wishes',
    ]);
  });

  it("shows a founder's answer under a question with no accepted one", async () => {
    const { questions } = await getCommunityPreview({ db: t.db }, productId);
    const { items } = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug, pageSize: 10 });
    const offline = items.find((question) => question.title === 'Does it work offline?');
    expect(offline?.topAnswer).toMatchObject({ body: 'Yes, fully offline.', isFounder: true });
    // Fourth newest: past the preview's three, as in the list's first page.
    expect(questions.items.map((question) => question.id)).not.toContain(offline?.id);
  });

  it('leaves hidden posts out of every list and total', async () => {
    const preview = await getCommunityPreview({ db: t.db }, productId);
    expect(preview.reviews.items.map((review) => review.id)).not.toContain(hidden.review);
    expect(preview.questions.items.map((question) => question.id)).not.toContain(hidden.question);
    expect(preview.questions.items.map((question) => question.topAnswer?.id)).not.toContain(hidden.answer);
    expect(preview.threads.items.map((thread) => thread.id)).not.toContain(hidden.thread);
  });

  it('answers empty lists for a product nobody wrote about, like the list calls', async () => {
    const quiet = await createProduct(t.db);
    const preview = await getCommunityPreview({ db: t.db }, quiet.id);
    expect(preview).toEqual(await fromListCalls(quiet.slug));
    expect(preview).toEqual({
      reviews: { items: [], total: 0 },
      questions: { items: [], total: 0 },
      updates: { items: [], total: 0 },
      threads: { items: [], total: 0 },
    });
  });

  it('is one statement, whatever the lists hold', async () => {
    const quiet = await createProduct(t.db);
    statements = [];
    await getCommunityPreview({ db: t.db }, productId);
    expect(statements).toHaveLength(1);
    statements = [];
    await getCommunityPreview({ db: t.db }, quiet.id);
    expect(statements).toHaveLength(1);
  });

  it('is a 404 for an unpublished product, like the list calls', async () => {
    const draft = await createProduct(t.db, { isPublished: false });
    await expect(getCommunityPreview({ db: t.db }, draft.id)).rejects.toMatchObject({ status: 404 });
  });
});
