// A page of a product's posts at the pages' page size is one statement prepared once per list and
// order (`readPostsPage` in community-shared.ts), so PostgreSQL plans it once and keeps the
// generic plan: sent unnamed, it was planned again on every request. Proven on PostgreSQL's own count of plans
// (`pg_prepared_statements`), on one connection so every execution is on the session counted.
import { COMMUNITY_PAGE_SIZE } from '@everdeal/contracts';
import { createDatabase, type Database, reviews, users } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { preparedPlans } from '../../../test/prepared-plans';
import { getQuestions } from './questions.service';
import { getReviews } from './reviews.service';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'pages of posts keep their generic plan on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let single: Database;
    let slug = '';

    beforeAll(async () => {
      t = await createTestApp();
      const product = await createProduct(t.db);
      slug = product.slug;
      const authors = await t.db
        .insert(users)
        .values(Array.from({ length: 12 }, (_, i) => ({ email: uniqueEmail(`author${i}`), firstName: `Author${i}` })))
        .returning({ id: users.id });
      const now = new Date();
      await t.db.insert(reviews).values(
        authors.map((author, i) => ({
          productId: product.id,
          userId: author.id,
          rating: (i % 5) + 1,
          title: `Review ${i}`,
          body: 'Plain text.',
          createdAt: now,
          updatedAt: now,
        })),
      );
      single = await createDatabase({ databaseUrl: t.databaseUrl ?? '', maxConnections: 1 });
    });
    afterAll(async () => {
      await single?.close();
      await t?.close();
    });

    /** The plans of the prepared page statements that read `table`. */
    const plansOf = (table: string) => preparedPlans(single.db, `from "${table}" inner join`);

    it('reviews, first and later pages, and questions: planned with their values five times, then the generic plan', async () => {
      const pageSize = COMMUNITY_PAGE_SIZE;
      // Written at one moment in order, so the newest first are the highest ids: 11 down to 0.
      const titles = (from: number, to: number) =>
        Array.from({ length: from - to + 1 }, (_, i) => `Review ${from - i}`);
      for (let run = 0; run < 10; run += 1) {
        const first = await getReviews({ db: single.db }, { slug, page: 1, pageSize, sort: 'newest' });
        expect(first.items.map((review) => review.title)).toEqual(titles(11, 12 - pageSize));
        expect(first.total).toBe(12);
        const later = await getReviews({ db: single.db }, { slug, page: 2, pageSize, sort: 'newest' });
        expect(later.items.map((review) => review.title)).toEqual(titles(11 - pageSize, 0));
        expect(later.total).toBe(12);
        await getQuestions({ db: single.db }, { slug, page: 1, pageSize });
      }
      // One statement per page shape, each run ten times: five plans with the values, five generic.
      expect(await plansOf('reviews')).toEqual([
        { custom: 5, generic: 5 },
        { custom: 5, generic: 5 },
      ]);
      expect(await plansOf('questions')).toEqual([{ custom: 5, generic: 5 }]);
    });

    it('another page size, which only an API caller asks for, is read unnamed and prepares nothing', async () => {
      const before = await plansOf('reviews');
      for (const pageSize of [3, 7, 11]) {
        const page = await getReviews({ db: single.db }, { slug, page: 2, pageSize, sort: 'newest' });
        expect(page.items[0]?.title).toBe(`Review ${11 - pageSize}`);
      }
      expect((await plansOf('reviews')).length).toBe(before.length);
    });
  },
);
