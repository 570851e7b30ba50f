import { createHash } from 'node:crypto';
import type { ApiKeys, CreateApiKeyResult, License } from '@everdeal/contracts';
import { adminActions, sellerApiKeys, sellerMembers } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callLicenses, createSellerWithKey, sellCodes } from '../../../test/licensing';
import { createSellerWithMember } from '../../../test/seller';

// Decision 032: a seller's members manage its API keys; keys are shown once and stored hashed.

let t: TestApp;
let clock = new Date('2026-11-28T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

describe('creating a key', () => {
  it('answers the key once (evd_ and 256 random bits) and keeps only its hash and first characters', async () => {
    const member = await createSellerWithMember(t.db);
    const { status, body } = await callApi<CreateApiKeyResult>(
      t.app,
      'seller/createApiKey',
      { name: '  Production server  ' },
      { token: member.token },
    );
    expect(status).toBe(200);
    const created = body.data;
    expect(created.key).toMatch(/^evd_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Production server', prefix: created.key.slice(0, 10) });
    const [row] = await t.db.select().from(sellerApiKeys).where(eq(sellerApiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    // The list never shows the key again.
    const listed = await callApi<ApiKeys>(t.app, 'seller/getApiKeys', {}, { token: member.token });
    expect(listed.body.data.keys).toEqual([
      {
        id: created.id,
        name: 'Production server',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
    // Audited as a seller's action.
    const [audit] = await t.db.select().from(adminActions).where(eq(adminActions.targetId, created.id));
    expect(audit).toMatchObject({ action: 'api_key.create', actorKind: 'seller', targetKind: 'api_key' });
  });

  it('refuses a caller who is no seller (403) and a seller the caller is no member of (404)', async () => {
    const stranger = await createUserWithSession(t.db);
    expect((await callApi(t.app, 'seller/createApiKey', { name: 'x' }, { token: stranger.token })).status).toBe(403);
    const member = await createSellerWithMember(t.db);
    const other = await createSeller(t.db);
    const answer = await callApi(
      t.app,
      'seller/createApiKey',
      { name: 'x', sellerId: other.id },
      { token: member.token },
    );
    expect(answer.status).toBe(404);
    const list = await callApi(t.app, 'seller/getApiKeys', { sellerId: other.id }, { token: member.token });
    expect(list.status).toBe(404);
  });

  it('asks a member of several sellers which one (422), and acts for the one named', async () => {
    const member = await createSellerWithMember(t.db);
    const second = await createSeller(t.db);
    await t.db.insert(sellerMembers).values({ sellerId: second.id, userId: member.userId });
    const unnamed = await callApi(t.app, 'seller/createApiKey', { name: 'x' }, { token: member.token });
    expect(unnamed.body).toMatchObject({ code: 422, msg: 'Name the seller (sellerId): you are a member of several' });
    const named = await callApi<CreateApiKeyResult>(
      t.app,
      'seller/createApiKey',
      { name: 'second', sellerId: second.id },
      { token: member.token },
    );
    expect(named.status).toBe(200);
    const [row] = await t.db.select().from(sellerApiKeys).where(eq(sellerApiKeys.id, named.body.data.id));
    expect(row?.sellerId).toBe(second.id);
  });

  it('holds at most 20 unrevoked keys per seller (409), and a revoked one frees its place', async () => {
    const member = await createSellerWithMember(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await callApi<CreateApiKeyResult>(
        t.app,
        'seller/createApiKey',
        { name: `k${i}` },
        { token: member.token },
      );
      ids.push(created.body.data.id);
    }
    const refused = await callApi(t.app, 'seller/createApiKey', { name: 'one more' }, { token: member.token });
    expect(refused.body).toMatchObject({ code: 409, msg: 'A seller can hold at most 20 API keys: revoke one first' });
    await callApi(t.app, 'seller/revokeApiKey', { id: ids[0] }, { token: member.token });
    expect((await callApi(t.app, 'seller/createApiKey', { name: 'one more' }, { token: member.token })).status).toBe(
      200,
    );
  });
});

describe('revoking a key', () => {
  it('stops its calls at once (401), drops it from the list, is audited and may be repeated', async () => {
    const seller = await createSellerWithKey(t);
    const sale = await sellCodes(t, seller.sellerId);
    expect((await callLicenses(t.app, 'validate', { code: sale.codes[0] }, seller.key)).status).toBe(200);
    const revoked = await callApi(t.app, 'seller/revokeApiKey', { id: seller.keyId }, { token: seller.token });
    expect(revoked).toMatchObject({ status: 200, body: { code: 0, data: null } });
    const after = await callLicenses(t.app, 'validate', { code: sale.codes[0] }, seller.key);
    expect(after.body).toEqual({ code: 401, msg: 'Missing, revoked or unknown API key', data: null });
    const listed = await callApi<ApiKeys>(t.app, 'seller/getApiKeys', {}, { token: seller.token });
    expect(listed.body.data.keys).toEqual([]);
    expect((await callApi(t.app, 'seller/revokeApiKey', { id: seller.keyId }, { token: seller.token })).status).toBe(
      200,
    );
    const audits = await t.db.select().from(adminActions).where(eq(adminActions.targetId, seller.keyId));
    expect(audits.map((row) => row.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
  });

  it("answers 404 for another seller's key and leaves it working", async () => {
    const owner = await createSellerWithKey(t);
    const other = await createSellerWithMember(t.db);
    const answer = await callApi(t.app, 'seller/revokeApiKey', { id: owner.keyId }, { token: other.token });
    expect(answer.body).toEqual({ code: 404, msg: 'API key not found', data: null });
    const sale = await sellCodes(t, owner.sellerId);
    expect((await callLicenses(t.app, 'validate', { code: sale.codes[0] }, owner.key)).status).toBe(200);
    // Nor does another seller's member see it.
    const listed = await callApi<ApiKeys>(t.app, 'seller/getApiKeys', {}, { token: other.token });
    expect(listed.body.data.keys).toEqual([]);
  });
});

describe('last use', () => {
  it('is written after a call, then at most once a minute however many calls follow', async () => {
    const seller = await createSellerWithKey(t);
    const sale = await sellCodes(t, seller.sellerId);
    const lastUsed = async () => {
      await t.tasks.flush();
      const listed = await callApi<ApiKeys>(t.app, 'seller/getApiKeys', {}, { token: seller.token });
      return listed.body.data.keys[0]?.lastUsedAt;
    };
    const first = clock.toISOString();
    await callLicenses<License>(t.app, 'validate', { code: sale.codes[0] }, seller.key);
    expect(await lastUsed()).toBe(first);
    clock = new Date(clock.getTime() + 30_000);
    await callLicenses(t.app, 'validate', { code: sale.codes[0] }, seller.key);
    expect(await lastUsed()).toBe(first);
    clock = new Date(clock.getTime() + 31_000);
    await callLicenses(t.app, 'validate', { code: sale.codes[0] }, seller.key);
    expect(await lastUsed()).toBe(clock.toISOString());
  });
});
