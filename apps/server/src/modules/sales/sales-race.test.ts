// No two sales overlap (decision 042), also when admins create them at the same moment: proven
// on PostgreSQL (PGlite has one connection and cannot race): `TEST_DATABASE_URL=… npx vitest run`
// this file. Without the advisory lock in `createSale`, several of these creations see no other
// sale and all insert.
import { SaleMessage } from '@everdeal/contracts';
import { sales } from '@everdeal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'overlapping sales created at once on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('10 overlapping sales created at once: exactly one is scheduled, 9 are refused with 409', async () => {
      const admins = await Promise.all(Array.from({ length: 10 }, () => createAdminWithSession(t.db)));
      const start = Date.now() + 60 * 60_000;
      const responses = await Promise.all(
        admins.map((admin, index) =>
          callApi(
            t.app,
            'admin/createSale',
            {
              name: `Race ${index}`,
              percentOff: 10 + index,
              // Each window overlaps every other one.
              startsAt: new Date(start + index * 60_000).toISOString(),
              endsAt: new Date(start + 24 * 60 * 60_000 + index * 60_000).toISOString(),
            },
            { token: admin.token },
          ),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
      for (const response of responses.filter((each) => each.status === 409)) {
        const winner = responses.findIndex((each) => each.status === 200);
        expect(response.body.msg).toBe(SaleMessage.overlaps(`Race ${winner}`));
      }
      expect(await t.db.select().from(sales)).toHaveLength(1);
    });
  },
);
