// Decision 014's concurrency claim, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. Two uploads of overlapping files to one plan at once never store a
// code twice, and their reports add up.
import { licenseCodes } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCompleteDraft, createSellerWithMember, type SellerMember, uploadCsv } from '../../../test/seller';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'code uploads under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let member: SellerMember;

    beforeAll(async () => {
      t = await createTestApp();
      member = await createSellerWithMember(t.db);
    });
    afterAll(() => t?.close());

    it('two overlapping CSVs uploaded at once: each code stored once, counts consistent', async () => {
      const product = await createCompleteDraft(t.app, t.db, member, { codes: 0 });
      const planId = product.plans[0]?.id as number;
      const code = (i: number) => `RACE-${String(i).padStart(6, '0')}`;
      // A: 0..11,999; B: 6,000..17,999 (6,000 shared, spread over several batches of each), and a
      // few codes already in the pool.
      await uploadCsv(t.app, member.token, planId, [code(0), code(17_999)].join('\n'));
      const fileA = Array.from({ length: 12_000 }, (_, i) => code(i)).join('\n');
      const fileB = Array.from({ length: 12_000 }, (_, i) => code(i + 6000)).join('\n');
      const [a, b] = await Promise.all([
        uploadCsv(t.app, member.token, planId, fileA),
        uploadCsv(t.app, member.token, planId, fileB),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      for (const report of [a.body.data, b.body.data]) {
        expect(report.rows).toBe(12_000);
        expect(report.invalid).toBe(0);
        expect(report.duplicatesInFile).toBe(0);
        expect(report.added + report.duplicatesInPool).toBe(12_000);
      }
      // 18,000 distinct codes, 2 of them there before: the two uploads added the other 17,998 between them.
      expect(a.body.data.added + b.body.data.added).toBe(17_998);
      const [stored] = await t.db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          distinct: sql<number>`count(distinct ${licenseCodes.code})`.mapWith(Number),
        })
        .from(licenseCodes)
        .where(eq(licenseCodes.planId, planId));
      expect(stored).toEqual({ total: 18_000, distinct: 18_000 });
    });
  },
);
