import type { ProductDetail, ProductList } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk, createSellerMember } from '../../../test/community';
import { checkout, createBuyer, createDeal, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';
import { refreshTrendingScores } from '../catalog/trending';

const DAY = 86_400_000;
// Sessions are made on the real clock, so the test's clock stays near it.
const NOW = new Date(Math.floor(Date.now() / DAY) * DAY + DAY / 2);
let clock = NOW;
const at = (daysAgo: number) => {
  clock = new Date(NOW.getTime() - daysAgo * DAY);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

describe('deal health', () => {
  it('scores the four parts in the trending job and shows them in the detail and the list', async () => {
    const { product, plan } = await createDeal(t.db, {
      createdAt: new Date(NOW.getTime() - 200 * DAY),
      plans: [{ codes: 10 }],
    });
    const founder = await createSellerMember(t.db, product.sellerId);
    const review = (rating: number) => ({
      productId: product.id,
      rating,
      title: 'My verdict',
      body: 'Used it for weeks.',
    });

    // A 5-star review 100 days ago and a 3-star one today: the trend is 3 − 4 = −1 star (0 points).
    at(100);
    const early = await buyDeal(t.app, t.db, product.id, plan.id);
    await callOk(t.app, 'reviews/addReview', review(5), early.token);
    at(0);
    const recent = await buyDeal(t.app, t.db, product.id, plan.id);
    await callOk(t.app, 'reviews/addReview', review(3), recent.token);
    // The last update 60 days ago: 25 × (180 − 60) / 150 = 20 points.
    at(60);
    await callOk(t.app, 'updates/postUpdate', { productId: product.id, title: 'v1.1', body: 'Fixes.' }, founder.token);
    // A question answered by the founder after 48 hours: 25 × (336 − 48) / 312 ≈ 23.1 points.
    const asker = await createUserWithSession(t.db);
    at(5);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: product.id, title: 'Is there an API?' },
      asker.token,
    );
    at(3);
    await callOk(t.app, 'questions/answerQuestion', { questionId: question.id, body: 'Yes, REST.' }, founder.token);
    // One sale in the last 90 days, none refunded: 25 points.
    at(0);

    expect((await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug })).dealHealth).toBeNull();
    await refreshTrendingScores(t.db, NOW);
    const detail = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(detail.dealHealth).toEqual({
      score: 68,
      parts: { daysSinceUpdate: 60, founderAnswerHours: 48, refundRate: 0, ratingTrend: -1 },
    });
    expect(detail.dealHealthScore).toBe(68);
    const list = await callOk<ProductList>(t.app, 'products/getProducts', { q: product.name, status: 'all' });
    expect(list.items.find((item) => item.id === product.id)?.dealHealthScore).toBe(68);
  });

  it('gives half points to parts with nothing to measure', async () => {
    const { product } = await createDeal(t.db, { createdAt: new Date(NOW.getTime() - 10 * DAY) });
    await refreshTrendingScores(t.db, NOW);
    const detail = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    // 25 (launched 10 days ago) + 3 × 12.5 = 62.5, rounded half up.
    expect(detail.dealHealth?.parts).toEqual({
      daysSinceUpdate: 10,
      founderAnswerHours: null,
      refundRate: null,
      ratingTrend: null,
    });
    expect(detail.dealHealth?.score).toBe(63);
  });

  it('counts refunded items among the paid items of the last 90 days', async () => {
    const { product, plan } = await createDeal(t.db, {
      createdAt: new Date(NOW.getTime() - 200 * DAY),
      plans: [{ codes: 20 }],
    });
    // Outside the window: bought 100 days ago and refunded the next day; counted nowhere.
    at(100);
    const early = await buyDeal(t.app, t.db, product.id, plan.id);
    at(99);
    await callOk(t.app, 'orders/refundItem', { orderId: early.orderId, itemId: early.itemId }, early.token);
    // Inside: eight paid items 30 days ago, one of them refunded since (1 in 8).
    at(30);
    const recent = [];
    for (let i = 0; i < 8; i++) recent.push(await buyDeal(t.app, t.db, product.id, plan.id));
    // A declined card leaves a failed order whose item was never sold: not counted either.
    const declined = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      SANDBOX_TEST_CARDS.declined,
    );
    expect(
      (await checkout(t.app, declined.token, { paymentMethodId: declined.card.id, idempotencyKey: newKey() })).status,
    ).toBe(402);
    at(10);
    const refunded = recent[0];
    if (!refunded) throw new Error('no purchase');
    const { item } = await callOk<{ item: { status: string } }>(
      t.app,
      'orders/refundItem',
      { orderId: refunded.orderId, itemId: refunded.itemId },
      refunded.token,
    );
    expect(item.status).toBe('refunded');
    at(0);

    await refreshTrendingScores(t.db, NOW);
    const detail = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(detail.dealHealth?.parts).toEqual({
      daysSinceUpdate: 200,
      founderAnswerHours: null,
      refundRate: 0.125,
      ratingTrend: null,
    });
    // 0 (no update in 200 days) + 12.5 + 25 × (20% − 12.5%) / 20% = 9.375 + 12.5.
    expect(detail.dealHealth?.score).toBe(34);
  });

  it('counts an unanswered question by the time it has waited', async () => {
    const { product } = await createDeal(t.db, { createdAt: new Date(NOW.getTime() - 10 * DAY) });
    const asker = await createUserWithSession(t.db);
    at(20);
    await callOk(t.app, 'questions/askQuestion', { productId: product.id, title: 'Anyone there?' }, asker.token);
    at(0);
    await refreshTrendingScores(t.db, NOW);
    const detail = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(detail.dealHealth?.parts.founderAnswerHours).toBe(480);
    // 25 + 0 (20 days unanswered) + 12.5 + 12.5.
    expect(detail.dealHealth?.score).toBe(50);
  });
});
