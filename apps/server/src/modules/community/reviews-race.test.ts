// Decision 011's claim under concurrency, proven on PostgreSQL (PGlite has one connection and
// cannot race): `npm run test:pg`. Two first reviews by one buyer arriving together: the unique
// (product, user) key lets one in, the other is a clean 409, and the product's counters move once.
import { CommunityMessage, type ReviewResult } from '@everdeal/contracts';
import { products, reviews } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createBoughtDeal } from '../../../test/community';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'reviews under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('two first reviews of one buyer at once: exactly one review, one 409, and the counters moved once', async () => {
      // Several products, so the two requests meet in the database more than once.
      for (let round = 0; round < 5; round++) {
        const { product, buyer } = await createBoughtDeal(t.app, t.db);
        const attempts = [5, 2].map((rating) =>
          callApi<ReviewResult>(
            t.app,
            'reviews/addReview',
            { productId: product.id, rating, title: `Verdict ${rating}`, body: 'Written twice at once.' },
            { token: buyer.token },
          ),
        );
        const answers = await Promise.all(attempts);
        const won = answers.filter((answer) => answer.status === 200);
        const lost = answers.filter((answer) => answer.status !== 200);
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.status).toBe(409);
        expect(lost[0]?.body).toMatchObject({ code: 409, msg: CommunityMessage.alreadyReviewed });

        const rows = await t.db
          .select({ rating: reviews.rating })
          .from(reviews)
          .where(and(eq(reviews.productId, product.id), eq(reviews.userId, buyer.userId)));
        expect(rows).toEqual([{ rating: won[0]?.body.data.review.rating }]);
        const [counters] = await t.db
          .select({ reviewCount: products.reviewCount, ratingTotal: products.ratingTotal })
          .from(products)
          .where(eq(products.id, product.id));
        expect(counters).toEqual({ reviewCount: 1, ratingTotal: rows[0]?.rating });
      }
    });
  },
);
