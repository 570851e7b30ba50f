// The list statements are prepared once per shape (catalog.sql.ts), and the categories' counts
// once, so PostgreSQL plans them once.
// It keeps a prepared statement's generic plan only when that plan's estimate is no worse than the
// plans it made with the values; the time slots are read through a sub-select (`timeOf` in
// catalog-query.sql.ts) so the two estimates agree. Proven on PostgreSQL's own count of plans
// (`pg_prepared_statements`); PGlite does not keep them per connection the same way.
import { GetProductsInputSchema } from '@everdeal/contracts';
import { createDatabase, type Database } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { preparedPlans } from '../../../test/prepared-plans';
import { getCategories } from './catalog.service';
import { listPageStatement } from './catalog.sql';
import { listValues } from './catalog-query.sql';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'list statements keep their generic plan on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    /** One connection, so every execution and the count of its plans are on the same session. */
    let single: Database;
    let category = '';

    beforeAll(async () => {
      t = await createTestApp();
      const seller = await createSeller(t.db);
      const { id, slug } = await createCategory(t.db);
      category = slug;
      // Live deals that end in a month, as most do: with the time known, "ends after now" matches
      // nearly all of them, with it unknown a third (PostgreSQL's default for a comparison).
      const endsAt = new Date(Date.now() + 30 * 86_400_000);
      for (let batch = 0; batch < 10; batch += 1) {
        await Promise.all(
          Array.from({ length: 30 }, () => createProduct(t.db, { categoryId: id, sellerId: seller.id, endsAt })),
        );
      }
      await t.db.execute(sql`analyze products`);
      single = await createDatabase({ databaseUrl: t.databaseUrl ?? '', maxConnections: 1 });
    }, 120_000);
    afterAll(async () => {
      await single?.close();
      await t?.close();
    });

    const shapes = {
      'the first page': {},
      "a product page's related deals": { category: '', sort: 'trending', status: 'live', pageSize: 5 },
      'ending soon': { status: 'ending-soon', sort: 'ending-soon' },
      // Every product's tagline has the word: its page ranks and counts all 300 (`rankedPage`).
      'a search in order of relevance': { q: 'assistant' },
    };

    it('the categories with their counts: one prepared statement, the generic plan after five', async () => {
      for (let run = 0; run < 10; run += 1) {
        const { categories } = await getCategories({ db: single.db, now: () => new Date() });
        expect(categories.find((row) => row.slug === category)?.productCount).toBe(300);
      }
      expect(await preparedPlans(single.db, 'as "product_count"')).toEqual([{ custom: 5, generic: 5 }]);
    });

    for (const [name, input] of Object.entries(shapes)) {
      it(`${name}: planned with its values five times, then the generic plan`, async () => {
        const query = GetProductsInputSchema.parse('category' in input ? { ...input, category } : input);
        const before = await preparedPlans(single.db, 'from "products"');
        const statement = listPageStatement(single.db, query, 'words');
        for (let run = 0; run < 10; run += 1) await statement.execute(listValues(query, new Date()));
        // Each test prepares one statement of its own, the newest reading products.
        const after = await preparedPlans(single.db, 'from "products"');
        expect(after).toHaveLength(before.length + 1);
        expect(after.at(-1)).toEqual({ custom: 5, generic: 5 });
      });
    }
  },
);
