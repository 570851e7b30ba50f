// The sale schedule kept in memory (decisions 042, 044): what makes it read again, and what does
// not. Through the real statement on a real database; sales.test.ts and sales-cache.test.ts show
// the same through HTTP.
import { sales, users } from '@everdeal/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CacheTag } from '../../lib/cache-tags';
import { createSaleSchedule } from './kept-schedule';

const MINUTE_MS = 60_000;
const MAX_AGE_MS = 10 * MINUTE_MS;
const start = new Date('2031-05-01T09:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);
let t: TestApp;
let reads = 0;

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (query) => {
      if (/\bfrom "sales"/.test(query)) reads += 1;
    },
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  reads = 0;
});

const kept = () => createSaleSchedule({ db: t.db, maxAgeMs: MAX_AGE_MS, keep: true });

describe('the kept sale schedule', () => {
  it('is read once, then kept: other tags, an earlier clock, its age and a clear of it decide', async () => {
    const schedule = kept();
    expect(await schedule.at(at(0))).toEqual({ running: null, nextChangeAt: null });
    expect(await schedule.at(at(1))).toEqual({ running: null, nextChangeAt: null });
    expect(reads).toBe(1);
    // A clear that names other things leaves it.
    schedule.cleared([CacheTag.product(1), CacheTag.lists]);
    await schedule.at(at(2));
    expect(reads).toBe(1);
    // A clock before its read (a test moving time back) sees nothing from its future.
    await schedule.at(at(-1));
    expect(reads).toBe(2);
    // The safety net: kept `maxAgeMs` at most.
    await schedule.at(at(-1 + 10));
    expect(reads).toBe(3);
    // Cleared by its tag, and by a clear of everything.
    schedule.cleared([CacheTag.sales]);
    await schedule.at(at(9));
    expect(reads).toBe(4);
    schedule.cleared();
    await schedule.at(at(9));
    expect(reads).toBe(5);
  });

  it('holds until the next start or end, and keeps no read a clear overtook', async () => {
    const [admin] = await t.db.insert(users).values({ email: 'kept-schedule@example.com' }).returning();
    if (!admin) throw new Error('no user');
    const schedule = kept();
    const [sale] = await t.db
      .insert(sales)
      .values({ name: 'Kept', percentOff: 10, startsAt: at(5), endsAt: at(8), createdBy: admin.id, createdAt: at(0) })
      .returning();
    if (!sale) throw new Error('no sale');
    // Read while a write clears: answered, not kept.
    const overtaken = schedule.at(at(0));
    schedule.cleared([CacheTag.sales]);
    expect((await overtaken).nextChangeAt).toEqual(at(5));
    await schedule.at(at(1));
    expect(reads).toBe(2);
    await schedule.at(at(4));
    expect(reads).toBe(2);
    // Its start and its end, without a write.
    expect((await schedule.at(at(5))).running?.id).toBe(sale.id);
    expect(reads).toBe(3);
    expect((await schedule.at(at(7))).running?.id).toBe(sale.id);
    expect(await schedule.at(at(8))).toEqual({ running: null, nextChangeAt: null });
    expect(reads).toBe(4);
  });

  it('off (another instance’s writes cannot reach it): every call reads', async () => {
    const schedule = createSaleSchedule({ db: t.db, maxAgeMs: MAX_AGE_MS, keep: false });
    await schedule.at(at(0));
    await schedule.at(at(0));
    expect(reads).toBe(2);
  });
});
