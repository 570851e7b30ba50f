// Decision 012's once-per-visitor-and-day click, proven on PostgreSQL (PGlite has one connection
// and cannot race): `npm run test:pg`. Several instances may see one visitor's requests at once.
import type { AffiliateDashboard, AffiliateMembership } from '@everdeal/contracts';
import { affiliateClicks, affiliates } from '@everdeal/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { requestWithRef } from '../../../test/referral-visits';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'affiliate clicks under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it("twenty navigations of one visitor at once count one click, and each still gets the code's cookie", async () => {
      const member = await createUserWithSession(t.db);
      const joined = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
      const code = joined.body.data.code;
      const cookies = await Promise.all(
        Array.from({ length: 20 }, () => requestWithRef(t.app, `/?ref=${code}`, { ip: '192.0.2.44' })),
      );
      expect(cookies.every((cookie) => cookie?.startsWith('everdeal_ref='))).toBe(true);
      const dashboard = await callApi<AffiliateDashboard>(t.app, 'affiliate/getDashboard', {}, { token: member.token });
      expect(dashboard.body.data.clicks).toBe(1);
      const [affiliate] = await t.db.select().from(affiliates).where(eq(affiliates.code, code));
      const counted = await t.db
        .select()
        .from(affiliateClicks)
        .where(and(eq(affiliateClicks.affiliateId, affiliate?.id ?? ''), isNotNull(affiliateClicks.countedOn)));
      expect(counted).toHaveLength(1);
    });
  },
);
