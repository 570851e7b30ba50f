import { randomBytes } from 'node:crypto';
import { sellerApiKeys } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callLicenses, createSellerWithKey, type KeyedSeller } from '../../../test/licensing';

// Decision 032 across instances linked by one Redis: the per-key limit is one count, and a
// revocation clears every instance's key cache at once. The two test apps have a database each;
// the key is copied into the second one, as if both instances read one database.

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(6).toString('hex')}`;
let a: TestApp;
let b: TestApp;
let seller: KeyedSeller;

beforeAll(async () => {
  const options = {
    env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix },
    rateLimitKeyPrefix: `${prefix}:rl`,
    rateLimits: { licenseCallsPerKey: { points: 60, durationSeconds: 60 } },
  };
  a = await createTestApp(options);
  b = await createTestApp(options);
  seller = await createSellerWithKey(a);
  const [row] = await a.db.select().from(sellerApiKeys).where(eq(sellerApiKeys.id, seller.keyId));
  if (!row) throw new Error('no key row');
  const sellerOnB = await createSeller(b.db);
  await b.db.insert(sellerApiKeys).values({ ...row, sellerId: sellerOnB.id, createdBy: null });
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

describe('two instances sharing one Redis', () => {
  it('share the 60 calls a minute of a key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const app = i % 2 === 0 ? a : b;
      statuses.push((await callLicenses(app.app, 'validate', { code: 'ANY' }, seller.key)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect((await callLicenses(a.app, 'validate', { code: 'ANY' }, seller.key)).status).toBe(429);
    expect((await callLicenses(b.app, 'validate', { code: 'ANY' }, seller.key)).status).toBe(429);
  });

  it("hear a revocation at once: the other instance's cached key stops working", async () => {
    const fresh = await createSellerWithKey(a);
    const [row] = await a.db.select().from(sellerApiKeys).where(eq(sellerApiKeys.id, fresh.keyId));
    if (!row) throw new Error('no key row');
    const sellerOnB = await createSeller(b.db);
    await b.db.insert(sellerApiKeys).values({ ...row, sellerId: sellerOnB.id, createdBy: null });
    // B reads the key once and keeps it in its cache for KEY_CACHE_TTL_MS.
    expect((await callLicenses(b.app, 'validate', { code: 'ANY' }, fresh.key)).status).toBe(404);
    // The shared database's revocation (B's copy), then A's revocation call, which publishes it.
    await b.db.update(sellerApiKeys).set({ revokedAt: new Date() }).where(eq(sellerApiKeys.id, fresh.keyId));
    expect((await callLicenses(b.app, 'validate', { code: 'ANY' }, fresh.key)).status).toBe(404);
    await callApi(a.app, 'seller/revokeApiKey', { id: fresh.keyId }, { token: fresh.token });
    // Pub/sub is asynchronous: wait for the visible effect, well inside the cache's own 5 s.
    const deadline = Date.now() + 2000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await callLicenses(b.app, 'validate', { code: 'ANY' }, fresh.key)).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});
