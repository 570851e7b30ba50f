// Decision 025's counters under concurrency, proven on PostgreSQL (PGlite has one connection and
// cannot race): `npm run test:pg`. View beacons of many visitors for one product and day, from
// several instances at once, all land as increments of one row.
import type { SellerAnalytics } from '@everdeal/contracts';
import { productDailyCounts } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember } from '../../../test/seller';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const VISITORS = 60;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'product view counters under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it(`${VISITORS} visitors' beacons for one product and day at once are ${VISITORS} views in one row`, async () => {
      const member = await createSellerWithMember(t.db);
      const product = await createProduct(t.db, { sellerId: member.sellerId });
      const beacons = Array.from({ length: VISITORS }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/products/recordView',
          payload: { productId: product.id },
          headers: { 'x-forwarded-for': `203.0.113.${n + 1}`, 'user-agent': BROWSER },
        }),
      );
      const answers = await Promise.all(beacons);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const rows = await t.db.select().from(productDailyCounts).where(eq(productDailyCounts.productId, product.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.views).toBe(VISITORS);
      const { body } = await callApi<SellerAnalytics>(
        t.app,
        'seller/getAnalytics',
        { sellerId: member.sellerId, days: 7 },
        { token: member.token },
      );
      expect(body.data.totals.views).toBe(VISITORS);
    });
  },
);
