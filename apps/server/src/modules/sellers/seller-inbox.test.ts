import type { SellerQuestionList, SellerReviewList } from '@everdeal/contracts';
import { createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk } from '../../../test/community';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';

// Requirements §13: the seller answers questions (with the Founder badge) and replies to reviews
// of their products from the seller area; the answers go through the community calls.

let t: TestApp;
let member: SellerMember;
let productId: number;
let planId: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await createSellerWithMember(t.db);
  const product = await createProduct(t.db, { sellerId: member.sellerId, plans: [{ codes: 10 }] });
  productId = product.id;
  planId = product.plans[0]?.id as number;
});
afterAll(() => t?.close());

describe('seller/getQuestions', () => {
  it('lists questions no member answered yet, oldest first; a founder answer takes one off the list', async () => {
    const asker = await createUserWithSession(t.db);
    const ask = (title: string) =>
      callOk<{ question: { id: number } }>(
        t.app,
        'questions/askQuestion',
        { productId, title, body: 'Does it work offline on a laptop?' },
        asker.token,
      );
    const first = await ask('Does it work offline?');
    const second = await ask('Is there an API available?');
    // A shopper's answer does not count as the seller's.
    const shopper = await createUserWithSession(t.db);
    await callOk(
      t.app,
      'questions/answerQuestion',
      { questionId: first.question.id, body: 'I think so.' },
      shopper.token,
    );

    const list = await callOk<SellerQuestionList>(
      t.app,
      'seller/getQuestions',
      { sellerId: member.sellerId },
      member.token,
    );
    expect(list.items.map((question) => question.id)).toEqual([first.question.id, second.question.id]);
    expect(list.items[0]).toMatchObject({ productId, answerCount: 1 });

    const answer = await callOk<{ answer: { isFounder: boolean } }>(
      t.app,
      'questions/answerQuestion',
      { questionId: first.question.id, body: 'Yes, fully offline.' },
      member.token,
    );
    expect(answer.answer.isFounder).toBe(true);
    const after = await callOk<SellerQuestionList>(
      t.app,
      'seller/getQuestions',
      { sellerId: member.sellerId },
      member.token,
    );
    expect(after.items.map((question) => question.id)).toEqual([second.question.id]);
    expect(after.total).toBe(1);
  });
});

describe('seller/getReviews', () => {
  it('lists reviews of the seller’s products, those without a reply first', async () => {
    const reviewer = await buyDeal(t.app, t.db, productId, planId);
    const other = await buyDeal(t.app, t.db, productId, planId);
    const write = (token: string, title: string) =>
      callOk<{ review: { id: number } }>(
        t.app,
        'reviews/addReview',
        { productId, rating: 4, title, body: 'Saves me an hour every single day.' },
        token,
      );
    const replied = await write(reviewer.token, 'Great tool');
    const waiting = await write(other.token, 'Good value');
    await callOk(t.app, 'reviews/replyToReview', { reviewId: replied.review.id, body: 'Thank you!' }, member.token);

    const list = await callOk<SellerReviewList>(
      t.app,
      'seller/getReviews',
      { sellerId: member.sellerId },
      member.token,
    );
    expect(list.items.map((review) => [review.id, review.sellerReply])).toEqual([
      [waiting.review.id, null],
      [replied.review.id, 'Thank you!'],
    ]);
    expect(list.items[0]).toMatchObject({ productId, isVerifiedPurchaser: true });
    const stranger = await createSellerWithMember(t.db);
    expect(
      (
        await callApi(
          t.app,
          'reviews/replyToReview',
          { reviewId: waiting.review.id, body: 'Not mine' },
          { token: stranger.token },
        )
      ).status,
    ).toBe(403);
  });
});
