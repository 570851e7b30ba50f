// No two sales overlap (decision 042), also when admins create or move them at the same moment:
// proven on PostgreSQL (PGlite has one connection and cannot race): `TEST_DATABASE_URL=… npx vitest
// run` this file. Without the schedule's advisory lock in `createSale` and `updateSale`, several of
// these writes see no other sale and all commit.
import { type SaleEventResult, SaleMessage } from '@everdeal/contracts';
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

    it('a sale moved to end later while 9 sales are created in its new time: exactly one write wins, in each of 5 rounds', async () => {
      const admins = await Promise.all(Array.from({ length: 10 }, () => createAdminWithSession(t.db)));
      // Each round races anew: a lost round is a matter of timing, so one is not enough to show it.
      for (let round = 0; round < 5; round += 1) {
        await t.db.delete(sales);
        const hour = 60 * 60_000;
        const start = Date.now() + 2 * hour;
        const moment = (offsetMs: number) => new Date(start + offsetMs).toISOString();
        const created = await callApi<SaleEventResult>(
          t.app,
          'admin/createSale',
          { name: 'Moved', percentOff: 10, startsAt: moment(0), endsAt: moment(hour) },
          { token: admins[0]?.token },
        );
        expect(created.status, created.body.msg).toBe(200);
        const { id } = created.body.data.sale;
        const responses = await Promise.all(
          admins.map((admin, index) =>
            index === 0
              ? callApi(
                  t.app,
                  'admin/updateSale',
                  { id, name: 'Moved', percentOff: 10, startsAt: moment(0), endsAt: moment(4 * hour) },
                  { token: admin.token },
                )
              : callApi(
                  t.app,
                  'admin/createSale',
                  // Each window overlaps the moved sale's new time and every other one.
                  { name: `Race ${index}`, percentOff: 10, startsAt: moment(2 * hour), endsAt: moment(3 * hour) },
                  { token: admin.token },
                ),
          ),
        );
        const statuses = responses.map((response) => response.status).sort();
        expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
        const rows = await t.db.select().from(sales);
        // Either the move won (one sale, four hours) or one creation did (the moved sale unchanged).
        const moved = rows.find((row) => row.id === id);
        if (responses[0]?.status === 200) {
          expect(rows).toHaveLength(1);
          expect(moved?.endsAt.toISOString()).toBe(moment(4 * hour));
        } else {
          expect(rows).toHaveLength(2);
          expect(moved?.endsAt.toISOString()).toBe(moment(hour));
        }
      }
    });
  },
);
