import type { HelpfulResult, MyReview, ProductDetail, ReviewList, ReviewResult } from '@everdeal/contracts';
import { CommunityMessage } from '@everdeal/contracts';
import { reviews, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, uniqueEmail } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk, createBoughtDeal, createSellerMember, endPurchase } from '../../../test/community';
import { createDeal } from '../../../test/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const review = (productId: number, rating = 5, extra: object = {}) => ({
  productId,
  rating,
  title: 'Does what it says',
  body: 'I use it every day for my newsletter.',
  ...extra,
});

describe('reviews/addReview', () => {
  it('lets a verified purchaser review once, with the badge, and moves the product’s rating and count', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const { review: created } = await callOk<ReviewResult>(
      t.app,
      'reviews/addReview',
      review(product.id, 4),
      buyer.token,
    );
    expect(created).toMatchObject({
      productId: product.id,
      rating: 4,
      title: 'Does what it says',
      isVerifiedPurchaser: true,
      helpfulCount: 0,
      sellerReply: null,
      author: { name: 'Test U.' },
    });
    const detail = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(detail.reviewCount).toBe(1);
    expect(detail.rating).toBe(4);

    const second = await callApi(t.app, 'reviews/addReview', review(product.id, 1), { token: buyer.token });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(CommunityMessage.alreadyReviewed);
    const after = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(after.reviewCount).toBe(1);
  });

  it('refuses someone who did not buy the product, and someone whose purchase ended', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 5 }] });
    const stranger = await createUserWithSession(t.db);
    const refused = await callApi(t.app, 'reviews/addReview', review(product.id), { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Only verified purchasers can review this product');

    const buyer = await buyDeal(t.app, t.db, product.id, plan.id);
    await endPurchase(t.db, buyer.itemId);
    const ended = await callApi(t.app, 'reviews/addReview', review(product.id), { token: buyer.token });
    expect(ended.status).toBe(403);
    const mine = await callOk<MyReview>(t.app, 'reviews/getMyReview', { productId: product.id }, buyer.token);
    expect(mine).toEqual({ review: null, canReview: false, isHidden: false });
  });

  it('needs a login and a valid rating', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    expect((await callApi(t.app, 'reviews/addReview', review(product.id))).status).toBe(401);
    for (const rating of [0, 6, 3.5]) {
      const bad = await callApi(t.app, 'reviews/addReview', review(product.id, rating), { token: buyer.token });
      expect(bad.status).toBe(422);
    }
  });

  it('keeps text as written: markup comes back as text, never as HTML', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const hostile = '<script>alert(1)</script> <img src=x onerror=alert(2)> works';
    const { review: created } = await callOk<ReviewResult>(
      t.app,
      'reviews/addReview',
      review(product.id, 5, { body: hostile }),
      buyer.token,
    );
    expect(created.body).toBe(hostile);
    expect(created).not.toHaveProperty('bodyHtml');
  });
});

describe('reviews/updateReview', () => {
  it('edits the caller’s review and moves the rating total by the difference', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    await callOk(t.app, 'reviews/addReview', review(product.id, 2), buyer.token);
    const { review: edited } = await callOk<ReviewResult>(
      t.app,
      'reviews/updateReview',
      review(product.id, 5, { title: 'Better after the update' }),
      buyer.token,
    );
    expect(edited).toMatchObject({ rating: 5, title: 'Better after the update' });
    const detail = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(detail).toMatchObject({ reviewCount: 1, rating: 5 });
    const mine = await callOk<MyReview>(t.app, 'reviews/getMyReview', { productId: product.id }, buyer.token);
    expect(mine.review?.id).toBe(edited.id);
    expect(mine.canReview).toBe(true);
    expect(mine.isHidden).toBe(false);

    const other = await createUserWithSession(t.db);
    const none = await callApi(t.app, 'reviews/updateReview', review(product.id), { token: other.token });
    expect(none.status).toBe(404);
  });
});

describe('reviews/getMyReview', () => {
  it('tells the author their review is hidden by a moderator, which no public list shows', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const { review: created } = await callOk<ReviewResult>(t.app, 'reviews/addReview', review(product.id), buyer.token);
    await t.db
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenReason: 'Advertising' })
      .where(eq(reviews.id, created.id));
    const mine = await callOk<MyReview>(t.app, 'reviews/getMyReview', { productId: product.id }, buyer.token);
    expect(mine).toMatchObject({ review: { id: created.id }, isHidden: true });
    const listed = await callOk<ReviewList>(t.app, 'reviews/getReviews', { slug: product.slug });
    expect(listed.items.map((item) => item.id)).not.toContain(created.id);
  });
});

describe('reviews/markHelpful', () => {
  it('counts one vote per user and refuses a vote on one’s own review', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const { review: created } = await callOk<ReviewResult>(t.app, 'reviews/addReview', review(product.id), buyer.token);
    const own = await callApi(t.app, 'reviews/markHelpful', { reviewId: created.id }, { token: buyer.token });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(CommunityMessage.ownReviewHelpful);

    const voter = await createUserWithSession(t.db);
    const first = await callOk<HelpfulResult>(t.app, 'reviews/markHelpful', { reviewId: created.id }, voter.token);
    const again = await callOk<HelpfulResult>(t.app, 'reviews/markHelpful', { reviewId: created.id }, voter.token);
    expect(first).toEqual({ helpfulCount: 1, isHelpful: true });
    expect(again).toEqual({ helpfulCount: 1, isHelpful: true });
    const missing = await callApi(t.app, 'reviews/markHelpful', { reviewId: 2_000_000_000 }, { token: voter.token });
    expect(missing.status).toBe(404);
  });
});

describe('reviews/replyToReview', () => {
  it('lets a member of the product’s seller reply, and nobody else', async () => {
    const { product, buyer } = await createBoughtDeal(t.app, t.db);
    const { review: created } = await callOk<ReviewResult>(t.app, 'reviews/addReview', review(product.id), buyer.token);
    const stranger = await createUserWithSession(t.db);
    const refused = await callApi(
      t.app,
      'reviews/replyToReview',
      { reviewId: created.id, body: 'Thanks!' },
      { token: stranger.token },
    );
    expect(refused.status).toBe(403);
    const founder = await createSellerMember(t.db, product.sellerId);
    const { review: replied } = await callOk<ReviewResult>(
      t.app,
      'reviews/replyToReview',
      { reviewId: created.id, body: 'Thank you for the kind words.' },
      founder.token,
    );
    expect(replied.sellerReply).toBe('Thank you for the kind words.');
    expect(replied.sellerRepliedAt).not.toBeNull();
  });
});

describe('reviews/getReviews', () => {
  it('pages and sorts by newest, highest, lowest and most helpful', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 20 }] });
    const ratings = [3, 5, 1, 4];
    const ids: number[] = [];
    for (const rating of ratings) {
      const buyer = await buyDeal(t.app, t.db, product.id, plan.id);
      const { review: created } = await callOk<ReviewResult>(
        t.app,
        'reviews/addReview',
        review(product.id, rating),
        buyer.token,
      );
      ids.push(created.id);
    }
    const voter = await createUserWithSession(t.db);
    await callOk(t.app, 'reviews/markHelpful', { reviewId: ids[2] }, voter.token);

    const list = (sort: string, page = 1, pageSize = 10) =>
      callOk<ReviewList>(t.app, 'reviews/getReviews', { slug: product.slug, sort, page, pageSize });
    expect((await list('newest')).items.map((r) => r.rating)).toEqual([4, 1, 5, 3]);
    expect((await list('highest')).items.map((r) => r.rating)).toEqual([5, 4, 3, 1]);
    expect((await list('lowest')).items.map((r) => r.rating)).toEqual([1, 3, 4, 5]);
    expect((await list('helpful')).items[0]?.id).toBe(ids[2]);
    const second = await list('newest', 2, 3);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((r) => r.rating)).toEqual([3]);
    const past = await list('newest', 5, 3);
    expect(past).toMatchObject({ total: 4, items: [] });
  });

  it('breaks ties the same way in every sort, page after page, and leaves hidden reviews out', async () => {
    const { product } = await createDeal(t.db);
    // Written in this order, so the ids go up from a to h; x is hidden. Ties on purpose: a and b
    // share rating, time and helpful count, f and g too; c and h share a time, d, h and c a count.
    const specs = {
      a: { rating: 5, hour: 1, helpfulCount: 2 },
      b: { rating: 5, hour: 1, helpfulCount: 2 },
      c: { rating: 5, hour: 2, helpfulCount: 0 },
      d: { rating: 3, hour: 1, helpfulCount: 0 },
      e: { rating: 3, hour: 3, helpfulCount: 2 },
      f: { rating: 1, hour: 3, helpfulCount: 5 },
      g: { rating: 1, hour: 3, helpfulCount: 5 },
      h: { rating: 4, hour: 2, helpfulCount: 0 },
      x: { rating: 2, hour: 4, helpfulCount: 9, hiddenAt: new Date() },
    };
    const people = await t.db
      .insert(users)
      .values(Object.keys(specs).map((label) => ({ email: uniqueEmail(`tie-${label}`) })))
      .returning({ id: users.id });
    const labelOf = new Map<number, string>();
    for (const [i, [label, { hour, ...spec }]] of Object.entries(specs).entries()) {
      const at = new Date(Date.UTC(2026, 0, 1, hour));
      const [row] = await t.db
        .insert(reviews)
        .values({
          ...spec,
          productId: product.id,
          userId: people[i]?.id ?? '',
          title: `Review ${label}`,
          body: 'Plain text.',
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: reviews.id });
      labelOf.set(row?.id ?? 0, label);
    }
    const list = (sort: string, page: number, pageSize: number) =>
      callOk<ReviewList>(t.app, 'reviews/getReviews', { slug: product.slug, sort, page, pageSize });
    const expected = {
      newest: 'gfehcdba', // newest first, the higher id first at the same time
      highest: 'cbahedgf', // then newest first, then the higher id
      lowest: 'gfedhcba',
      helpful: 'gfebahdc', // most votes first, the higher id first at the same count
    };
    for (const [sort, order] of Object.entries(expected)) {
      const whole = await list(sort, 1, 20);
      expect(whole.items.map((item) => labelOf.get(item.id)).join(''), sort).toBe(order);
      expect(whole.total).toBe(8);
      // Pages of 3 cut through the ties: together they are the whole list, nothing twice.
      const pages = await Promise.all([1, 2, 3].map((page) => list(sort, page, 3)));
      expect(pages.map((one) => one.items.map((item) => labelOf.get(item.id)).join('')).join(''), sort).toBe(order);
      expect(pages.map((one) => one.total)).toEqual([8, 8, 8]);
    }
  });

  it('answers an empty list for a product without reviews and 404 for an unknown one', async () => {
    const { product } = await createDeal(t.db);
    expect(await callOk(t.app, 'reviews/getReviews', { slug: product.slug })).toMatchObject({ items: [], total: 0 });
    expect((await callApi(t.app, 'reviews/getReviews', { slug: 'no-such-product-here' })).status).toBe(404);
  });
});
