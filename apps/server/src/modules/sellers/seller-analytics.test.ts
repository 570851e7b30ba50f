import { AnalyticsMessage, type SellerAnalytics } from '@everdeal/contracts';
import { productDailyCounts, sellerMembers } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { buy, createBuyer } from '../../../test/shop';

// Seller analytics (requirements §13, decision 025): the view beacon, cart adds, sales and
// revenue from the order rows, who may read them, and the ranges.

const DAY_MS = 24 * 60 * 60_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const VIEWS_PER_IP = 5;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    rateLimits: { productViewPerIp: { points: VIEWS_PER_IP, durationSeconds: 60 * 60 } },
  });
});
afterAll(() => t?.close());

async function view(productId: number, options: { ip?: string; userAgent?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products/recordView',
    payload: { productId },
    headers: { 'x-forwarded-for': options.ip ?? newIp(), 'user-agent': options.userAgent ?? BROWSER },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ code: 0, msg: expect.any(String), data: null });
}

async function analytics(member: { token: string }, payload: object) {
  return callApi<SellerAnalytics>(t.app, 'seller/getAnalytics', payload, { token: member.token });
}

async function figuresOf(member: SellerMember, productId: number, days = 30) {
  const { status, body } = await analytics(member, { sellerId: member.sellerId, days });
  expect(status).toBe(200);
  const product = body.data.products.find((row) => row.id === productId);
  if (!product) throw new Error(`product ${productId} is not in the answer`);
  return { ...body.data, product };
}

async function liveDeal(member: SellerMember, plan: { priceCents?: number; codes?: number } = {}) {
  const product = await createProduct(t.db, { sellerId: member.sellerId, plans: [{ codes: 5, ...plan }] });
  return { product, plan: product.plans[0] as NonNullable<(typeof product.plans)[number]> };
}

describe('products/recordView', () => {
  it('counts a visitor once per product and UTC day, each visitor once, and again the next day', async () => {
    const member = await createSellerWithMember(t.db);
    const { product } = await liveDeal(member);
    const ip = newIp();
    await view(product.id, { ip });
    await view(product.id, { ip });
    await view(product.id, { ip });
    await view(product.id);
    expect((await figuresOf(member, product.id)).product.totals.views).toBe(2);

    clock = new Date(clock.getTime() + DAY_MS);
    await view(product.id, { ip });
    const after = await figuresOf(member, product.id);
    expect(after.product.totals.views).toBe(3);
    expect(after.cells.map((cell) => [cell.day, cell.views])).toEqual([
      ['2026-11-23', 2],
      ['2026-11-24', 1],
    ]);
    // One counter row per product and day, not one per view.
    expect(await t.db.select().from(productDailyCounts).where(eq(productDailyCounts.productId, product.id))).toEqual([
      { productId: product.id, day: '2026-11-23', views: 2, cartAdds: 0 },
      { productId: product.id, day: '2026-11-24', views: 1, cartAdds: 0 },
    ]);
  });

  it('ignores crawlers, requests without a user-agent, drafts and unknown products', async () => {
    const member = await createSellerWithMember(t.db);
    const { product } = await liveDeal(member);
    await view(product.id, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await view(product.id, { userAgent: '' });
    const draft = await createProduct(t.db, { sellerId: member.sellerId, isPublished: false, reviewStatus: 'draft' });
    await view(draft.id);
    await view(2_000_000_000);
    const { product: live, totals } = await figuresOf(member, product.id);
    expect(live.totals.views).toBe(0);
    expect(totals.views).toBe(0);
  });

  it('stops counting an address past its hourly budget, without refusing the beacon', async () => {
    const member = await createSellerWithMember(t.db);
    const { product } = await liveDeal(member);
    const ip = newIp();
    // Different browsers behind one address are different visitors, but share its budget.
    for (let n = 0; n < VIEWS_PER_IP + 3; n++) await view(product.id, { ip, userAgent: `${BROWSER} v${n}` });
    expect((await figuresOf(member, product.id)).product.totals.views).toBe(VIEWS_PER_IP);
  });

  it('refuses a payload without a product id (422)', async () => {
    const response = await callApi(t.app, 'products/recordView', { productId: 'x' });
    expect(response.status).toBe(422);
  });
});

describe('cart adds', () => {
  it('counts each change that raises a line, not a lower quantity, a removal or a refused change', async () => {
    const member = await createSellerWithMember(t.db);
    const { product, plan } = await liveDeal(member, { codes: 3 });
    const shopper = await createUserWithSession(t.db);
    const change = (quantity: number) =>
      callApi(t.app, 'cart/change', { productId: product.id, variantId: plan.id, quantity }, { token: shopper.token });
    expect((await change(1)).status).toBe(200);
    expect((await change(2)).status).toBe(200);
    expect((await change(1)).status).toBe(200);
    expect((await change(1)).status).toBe(200);
    expect((await change(9)).status).toBe(409);
    expect((await change(0)).status).toBe(200);
    expect((await figuresOf(member, product.id)).product.totals.cartAdds).toBe(2);
  });
});

describe('seller/getAnalytics', () => {
  it('counts paid order items as sales and the seller’s share of the charges, after refunds, as revenue', async () => {
    const member = await createSellerWithMember(t.db);
    const { product, plan } = await liveDeal(member, { priceCents: 999 });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
    const second = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    await view(product.id);
    await view(product.id);
    await view(product.id);
    await view(product.id);

    const before = await figuresOf(member, product.id);
    // 70% of $19.98 and of $9.99, each floored to the cent.
    expect(before.product.totals).toEqual({
      views: 4,
      cartAdds: 2,
      sales: 2,
      revenueCents: 1398 + 699,
      conversion: 0.5,
    });
    const today = before.daily.at(-1);
    expect(today).toEqual({ day: before.to, ...before.product.totals });
    expect(before.totals).toEqual(before.product.totals);

    const item = second.items[0];
    const refunded = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: second.id, itemId: item?.id },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    const after = await figuresOf(member, product.id);
    // Still a sale on its day; the refunded charge pays the seller nothing.
    expect(after.product.totals).toMatchObject({ sales: 2, revenueCents: 1398 });
  });

  it('answers every day of the range by the clock, and nothing from before it', async () => {
    const member = await createSellerWithMember(t.db);
    const { product } = await liveDeal(member);
    await view(product.id);
    clock = new Date(clock.getTime() + 7 * DAY_MS);
    const week = await figuresOf(member, product.id, 7);
    expect(week.daily).toHaveLength(7);
    expect(week.to).toBe(clock.toISOString().slice(0, 10));
    expect(week.from).toBe(new Date(clock.getTime() - 6 * DAY_MS).toISOString().slice(0, 10));
    expect(week.product.totals.views).toBe(0);
    expect(week.cells).toEqual([]);
    const month = await figuresOf(member, product.id, 30);
    expect(month.daily).toHaveLength(30);
    expect(month.product.totals.views).toBe(1);
    expect((await figuresOf(member, product.id, 90)).daily).toHaveLength(90);
  });

  it('lists a new product with zeros and no conversion', async () => {
    const member = await createSellerWithMember(t.db);
    const { product } = await liveDeal(member);
    const { product: row, cells } = await figuresOf(member, product.id);
    expect(row.totals).toEqual({ views: 0, cartAdds: 0, sales: 0, revenueCents: 0, conversion: null });
    expect(cells).toEqual([]);
  });

  it('refuses a range other than 7, 30 or 90 days with 422', async () => {
    const member = await createSellerWithMember(t.db);
    for (const days of [0, 14, 365, -7, '30', 30.5]) {
      const { status, body } = await analytics(member, { sellerId: member.sellerId, days });
      expect(status, String(days)).toBe(422);
      expect(body.msg).toBe(AnalyticsMessage.range);
    }
    const defaulted = await analytics(member, { sellerId: member.sellerId });
    expect(defaulted.body.data.days).toBe(30);
  });

  it('shows a seller only its own products: another seller’s id is 404, a shopper is 403', async () => {
    const mine = await createSellerWithMember(t.db);
    const theirs = await createSellerWithMember(t.db);
    const { product: myProduct } = await liveDeal(mine);
    const { product: theirProduct } = await liveDeal(theirs);
    await view(theirProduct.id);
    const own = await analytics(mine, { sellerId: mine.sellerId });
    expect(own.body.data.products.map((row) => row.id)).toEqual([myProduct.id]);
    expect(own.body.data.totals.views).toBe(0);

    const stranger = await analytics(mine, { sellerId: theirs.sellerId });
    expect(stranger.status).toBe(404);
    expect(stranger.body.data).toBeNull();
    const shopper = await createUserWithSession(t.db);
    expect((await analytics(shopper, { sellerId: theirs.sellerId })).status).toBe(403);
    expect((await callApi(t.app, 'seller/getAnalytics', { sellerId: theirs.sellerId })).status).toBe(401);

    // A member of both sees each seller's own figures under its id.
    await t.db.insert(sellerMembers).values({ sellerId: theirs.sellerId, userId: mine.userId });
    const both = await analytics(mine, { sellerId: theirs.sellerId });
    expect(both.body.data.products.map((row) => row.id)).toEqual([theirProduct.id]);
    expect(both.body.data.totals.views).toBe(1);
  });
});
