import { randomBytes } from 'node:crypto';
import type { License, LicenseList, OrderItemResult } from '@everdeal/contracts';
import { licenseCodes } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callLicenses, createSellerWithKey, type KeyedSeller, sellCodes } from '../../../test/licensing';
import { buy, createBuyer } from '../../../test/shop';

// Decision 032: the license calls, through HTTP on a real database.

let t: TestApp;
let seller: KeyedSeller;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createSellerWithKey(t);
});
afterAll(() => t?.close());

const INVALID_KEY = { code: 401, msg: 'Missing, revoked or unknown API key', data: null };
const NOT_FOUND = { code: 404, msg: 'License not found', data: null };

describe('licenses/validate', () => {
  it('answers a sold code: status, product, plan, stack size and purchase time', async () => {
    const sale = await sellCodes(t, seller.sellerId, 3);
    const item = sale.order.items[0];
    const { status, body } = await callLicenses<License>(t.app, 'validate', { code: sale.codes[1] }, seller.key);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      code: sale.codes[1],
      valid: true,
      status: 'active',
      productId: sale.productId,
      productSlug: item?.productSlug,
      variantId: sale.planId,
      planName: item?.planName,
      stackSize: 3,
      purchasedAt: sale.order.paidAt,
      redeemedAt: null,
    });
  });

  it("answers 404 'License not found' for another seller's code, an unsold code and an unknown one", async () => {
    const other = await createSellerWithKey(t);
    const theirs = await sellCodes(t, other.sellerId);
    const unsold = await createProduct(t.db, { sellerId: seller.sellerId, plans: [{ codes: 1 }] });
    const [inPool] = await t.db
      .select({ code: licenseCodes.code })
      .from(licenseCodes)
      .where(eq(licenseCodes.planId, unsold.plans[0]?.id as number));
    for (const code of [theirs.codes[0], inPool?.code, 'NO-SUCH-CODE']) {
      expect((await callLicenses(t.app, 'validate', { code }, seller.key)).body).toEqual(NOT_FOUND);
    }
    // The owner's key still finds it.
    expect((await callLicenses(t.app, 'validate', { code: theirs.codes[0] }, other.key)).status).toBe(200);
  });

  it('refuses every credential that is not a live API key with the same 401', async () => {
    const sale = await sellCodes(t, seller.sellerId);
    const revoked = await createSellerWithKey(t);
    await callApi(t.app, 'seller/revokeApiKey', { id: revoked.keyId }, { token: revoked.token });
    const tokens = [
      undefined,
      'not-a-key',
      `evd_${randomBytes(32).toString('base64url')}`,
      revoked.key,
      // A member's session token is not a key: license calls never take a session.
      seller.token,
      `${seller.key}x`,
    ];
    for (const token of tokens) {
      const answer = await callApi(t.app, 'licenses/validate', { code: sale.codes[0] }, token ? { token } : {});
      expect(answer.body, String(token)).toEqual(INVALID_KEY);
    }
    // Nor a session cookie alone.
    const cookie = await t.app.inject({
      method: 'POST',
      url: '/api/licenses/validate',
      payload: { code: sale.codes[0] },
      headers: { cookie: `everdeal_session=${seller.token}; token=${seller.token}` },
    });
    expect(cookie.json()).toEqual(INVALID_KEY);
  });
});

describe('licenses/activate and deactivate', () => {
  it('set and clear the same mark as the buyer, idempotently, and the buyer sees it', async () => {
    const sale = await sellCodes(t, seller.sellerId, 2);
    const code = sale.codes[0] as string;
    const item = sale.order.items[0];
    const buyerView = async () => {
      const answer = await callApi<OrderItemResult>(
        t.app,
        'orders/getOrderItem',
        { orderId: sale.order.id, itemId: item?.id },
        { token: sale.buyer.token },
      );
      return answer.body.data.item.codes.find((c) => c.code === code);
    };

    const first = await callLicenses<License>(t.app, 'activate', { code, instanceName: 'web-1' }, seller.key);
    expect(first.body.data).toMatchObject({ status: 'redeemed', valid: true });
    const redeemedAt = first.body.data.redeemedAt;
    expect(redeemedAt).not.toBeNull();
    const again = await callLicenses<License>(t.app, 'activate', { code }, seller.key);
    expect(again.body.data).toMatchObject({ status: 'redeemed', redeemedAt });
    expect(await buyerView()).toEqual({ code, status: 'redeemed', redeemedAt });
    // The other code of the stack is untouched.
    const sibling = await callLicenses<License>(t.app, 'validate', { code: sale.codes[1] }, seller.key);
    expect(sibling.body.data.status).toBe('active');

    for (let i = 0; i < 2; i++) {
      const off = await callLicenses<License>(t.app, 'deactivate', { code }, seller.key);
      expect(off.body.data).toMatchObject({ status: 'active', valid: true, redeemedAt: null });
    }
    expect(await buyerView()).toEqual({ code, status: 'active', redeemedAt: null });
  });

  it("reads the buyer's own mark as redeemed", async () => {
    const sale = await sellCodes(t, seller.sellerId);
    const code = sale.codes[0] as string;
    await callApi(
      t.app,
      'orders/setCodeRedeemed',
      { orderId: sale.order.id, itemId: sale.order.items[0]?.id, code },
      { token: sale.buyer.token },
    );
    const answer = await callLicenses<License>(t.app, 'validate', { code }, seller.key);
    expect(answer.body.data).toMatchObject({ status: 'redeemed', valid: true });
  });

  it('answers a refunded code as revoked and refuses to activate it (409)', async () => {
    const sale = await sellCodes(t, seller.sellerId);
    const code = sale.codes[0] as string;
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: sale.order.id, itemId: sale.order.items[0]?.id },
      { token: sale.buyer.token },
    );
    expect(refund.status).toBe(200);
    const validated = await callLicenses<License>(t.app, 'validate', { code }, seller.key);
    expect(validated.body.data).toMatchObject({ status: 'revoked', valid: false });
    const activated = await callLicenses(t.app, 'activate', { code }, seller.key);
    expect(activated.body).toEqual({
      code: 409,
      msg: 'This license was revoked (refunded or replaced) and cannot be activated',
      data: null,
    });
    const deactivated = await callLicenses<License>(t.app, 'deactivate', { code }, seller.key);
    expect(deactivated.body.data).toMatchObject({ status: 'revoked', valid: false });
  });

  it("answers 404 for another seller's code and changes nothing", async () => {
    const other = await createSellerWithKey(t);
    const theirs = await sellCodes(t, other.sellerId);
    const code = theirs.codes[0] as string;
    expect((await callLicenses(t.app, 'activate', { code }, seller.key)).body).toEqual(NOT_FOUND);
    expect((await callLicenses(t.app, 'deactivate', { code }, seller.key)).body).toEqual(NOT_FOUND);
    const theirView = await callLicenses<License>(t.app, 'validate', { code }, other.key);
    expect(theirView.body.data.status).toBe('active');
  });
});

describe('licenses/list', () => {
  it('pages through every sold code of the seller, newest first, by cursor, and filters', async () => {
    const lister = await createSellerWithKey(t);
    // 6 products × 9 codes in one order: 54 codes, more than one page of 50.
    const products = await Promise.all(
      Array.from({ length: 6 }, () => createProduct(t.db, { sellerId: lister.sellerId, plans: [{ codes: 9 }] })),
    );
    const lines = products.map((product) => ({
      productId: product.id,
      variantId: product.plans[0]?.id as number,
      quantity: 9,
    }));
    const buyer = await createBuyer(t.app, t.db, lines);
    const order = await buy(t.app, buyer, lines);
    const sold = order.items.flatMap((item) => item.codes.map((code) => code.code));
    expect(sold).toHaveLength(54);
    // Another seller's sale never shows.
    await sellCodes(t, seller.sellerId);

    const first = await callLicenses<LicenseList>(t.app, 'list', {}, lister.key);
    expect(first.body.data.items).toHaveLength(50);
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const second = await callLicenses<LicenseList>(t.app, 'list', { cursor: first.body.data.nextCursor }, lister.key);
    expect(second.body.data.items).toHaveLength(4);
    expect(second.body.data.nextCursor).toBeNull();
    const listed = [...first.body.data.items, ...second.body.data.items].map((item) => item.code);
    expect(new Set(listed).size).toBe(54);
    expect([...listed].sort()).toEqual([...sold].sort());

    const firstProduct = products[0]?.id as number;
    const ofProduct = await callLicenses<LicenseList>(t.app, 'list', { productId: firstProduct }, lister.key);
    expect(ofProduct.body.data.items).toHaveLength(9);
    expect(ofProduct.body.data.items.every((item) => item.productId === firstProduct)).toBe(true);

    await callLicenses(t.app, 'activate', { code: sold[0] }, lister.key);
    const redeemed = await callLicenses<LicenseList>(t.app, 'list', { status: 'redeemed' }, lister.key);
    expect(redeemed.body.data.items.map((item) => item.code)).toEqual([sold[0]]);
    const active = await callLicenses<LicenseList>(
      t.app,
      'list',
      { status: 'active', productId: firstProduct },
      lister.key,
    );
    expect(active.body.data.items).toHaveLength(8);

    const badCursor = await callLicenses(t.app, 'list', { cursor: 'abc' }, lister.key);
    expect(badCursor.status).toBe(422);
  });
});

describe('the per-key limit', () => {
  it('answers 429 past 60 calls a minute of one key, with Retry-After, and other keys carry on', async () => {
    const limited = await createTestApp({ rateLimits: { licenseCallsPerKey: { points: 60, durationSeconds: 60 } } });
    try {
      const one = await createSellerWithKey(limited);
      const two = await createSellerWithKey(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        statuses.push((await callLicenses(limited.app, 'validate', { code: 'ANY' }, one.key)).status);
      }
      expect(new Set(statuses)).toEqual(new Set([404]));
      const refused = await callLicenses(limited.app, 'validate', { code: 'ANY' }, one.key);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 429, msg: 'Too many requests, please try again later', data: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await callLicenses(limited.app, 'validate', { code: 'ANY' }, two.key)).status).toBe(404);
      // A stranger's made-up key is still a 401, not a 429.
      const stranger = await createUserWithSession(limited.db);
      expect((await callLicenses(limited.app, 'validate', { code: 'ANY' }, stranger.token)).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the license calls under "Licenses" with the apiKey bearer scheme', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const document = response.json<{
      paths: Record<string, { post: { tags: string[]; security?: unknown } }>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    for (const path of ['validate', 'activate', 'deactivate', 'list']) {
      expect(document.paths[`/api/licenses/${path}`]?.post).toMatchObject({
        tags: ['Licenses'],
        security: [{ apiKey: [] }],
      });
    }
    expect(document.paths['/api/seller/createApiKey']?.post.security).toEqual([{ bearer: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
