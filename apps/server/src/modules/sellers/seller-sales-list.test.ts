import { type PendingSalesCsv, SALES_PAGE_SIZE, type SellerSalesList } from '@everdeal/contracts';
import { licenseCodes, orderItemCodes } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { checkout, createBuyer, emailOf, newKey } from '../../../test/shop';
import { pendingSalesCsv } from './seller-sales-list';

// Requirements §13, decision 024: a seller's sold items with status, share, redemption and refund
// window, newest first and paged, never another seller's and never the buyer's data; the CSV of
// the sales still inside their refund window.

const DAY = 86_400_000;

describe('the seller’s list of sales and the CSV of pending sales', () => {
  let clock = new Date('2026-03-10T12:00:00Z');
  let t: TestApp;
  let seller: SellerMember;
  let other: SellerMember;
  let windowed: Awaited<ReturnType<typeof createProduct>>;
  let finalSale: Awaited<ReturnType<typeof createProduct>>;
  let otherProduct: Awaited<ReturnType<typeof createProduct>>;
  const buyerEmails: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    seller = await createSellerWithMember(t.db);
    other = await createSellerWithMember(t.db);
    // A name a spreadsheet would run as a formula, with a comma and quotes to escape.
    windowed = await createProduct(t.db, {
      name: '=HYPERLINK("x"), Notes',
      sellerId: seller.sellerId,
      refundWindowDays: 60,
      plans: [{ name: '+Tier "1"', priceCents: 4900, originalPriceCents: 19_900, codes: 40 }],
    });
    finalSale = await createProduct(t.db, {
      name: 'Final Sale',
      sellerId: seller.sellerId,
      refundWindowDays: 0,
      plans: [{ name: 'Tier 1', priceCents: 1000, originalPriceCents: 4000, codes: 5 }],
    });
    otherProduct = await createProduct(t.db, {
      name: 'Somebody Else',
      sellerId: other.sellerId,
      refundWindowDays: 60,
      plans: [{ name: 'Tier 1', priceCents: 2500, originalPriceCents: 9900, codes: 5 }],
    });
  });
  afterAll(() => t?.close());

  async function buy(product: typeof windowed, quantity = 1) {
    const planId = product.plans[0]?.id as number;
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: planId, quantity }],
      undefined,
      clock,
    );
    buyerEmails.push(await emailOf(t.db, buyer.userId));
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    if (paid.status !== 200) throw new Error(`checkout answered ${paid.status}: ${paid.body.msg}`);
    clock = new Date(clock.getTime() + 60_000);
    return { buyer, order: paid.body.data.order };
  }

  const list = (input: Record<string, unknown>, member = seller) =>
    callApi<SellerSalesList>(
      t.app,
      'seller/getSalesList',
      { sellerId: seller.sellerId, ...input },
      {
        token: member.token,
      },
    );

  it('lists each sold item newest first with its share, status, redemption and refund window', async () => {
    const first = await buy(windowed, 2);
    const refunded = await buy(windowed);
    await buy(finalSale);
    await buy(otherProduct);
    const refundedItem = refunded.order.items[0];
    expect(
      (
        await callApi(
          t.app,
          'orders/refundItem',
          // The refund dialog tells the buyer the seller reads the reason (decision 026).
          {
            orderId: refunded.order.id,
            itemId: refundedItem?.id,
            reason: 'missing_features',
            note: 'No Zapier export',
          },
          { token: refunded.buyer.token },
        )
      ).status,
    ).toBe(200);
    // The first buyer marks one of their two codes redeemed.
    const firstItem = first.order.items[0];
    const [code] = await t.db
      .select({ code: licenseCodes.code })
      .from(orderItemCodes)
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(eq(orderItemCodes.orderItemId, firstItem?.id as string));
    const marked = await callApi(
      t.app,
      'orders/setCodeRedeemed',
      { orderId: first.order.id, itemId: firstItem?.id, code: code?.code, redeemed: true },
      { token: first.buyer.token },
    );
    expect(marked.status).toBe(200);

    const { status, body } = await list({});
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.pageSize).toBe(SALES_PAGE_SIZE);
    expect(body.data.products.map((product) => product.name)).toEqual(['=HYPERLINK("x"), Notes', 'Final Sale']);
    const [newest, middle, oldest] = body.data.items;
    expect(newest).toMatchObject({
      productName: 'Final Sale',
      planName: 'Tier 1',
      quantity: 1,
      paidCents: 1000,
      refundedCents: 0,
      shareCents: 700,
      status: 'paid',
      codes: 1,
      codesRedeemed: 0,
      refundableUntil: null,
      isPending: false,
      refundReason: null,
    });
    expect(middle).toMatchObject({
      orderItemId: refundedItem?.id,
      paidCents: 4900,
      refundedCents: 4900,
      shareCents: 0,
      status: 'refunded',
      codes: 0,
      isPending: true,
      refundReason: { reason: 'missing_features', note: 'No Zapier export' },
    });
    expect(oldest).toMatchObject({
      orderId: first.order.id,
      quantity: 2,
      paidCents: 9800,
      shareCents: 6860,
      status: 'paid',
      codes: 2,
      codesRedeemed: 1,
      refundableUntil: new Date(Date.parse(oldest?.soldAt as string) + 60 * DAY).toISOString(),
      isPending: true,
    });
    // Nothing that names the buyer: no e-mail, no user id, no name.
    const text = JSON.stringify(body.data);
    for (const email of buyerEmails) expect(text).not.toContain(email);
    expect(text).not.toContain(first.buyer.userId);
    expect(Object.keys(oldest ?? {})).not.toEqual(expect.arrayContaining(['email']));
  });

  it('filters by product and status', async () => {
    const refunded = await list({ status: 'refunded' });
    expect(refunded.body.data.items.map((item) => item.status)).toEqual(['refunded']);
    const finalOnly = await list({ productId: finalSale.id });
    expect(finalOnly.body.data.items.map((item) => item.productName)).toEqual(['Final Sale']);
    // Another seller's product as a filter matches nothing of this seller's.
    const foreign = await list({ productId: otherProduct.id });
    expect(foreign.body.data).toMatchObject({ total: 0, items: [] });
    expect((await list({ status: 'plan_changed' })).body.data.total).toBe(0);
    expect((await list({ status: 'shipped' })).status).toBe(422);
  });

  it('never shows one seller another seller’s sales: 404 as for a seller that does not exist', async () => {
    const foreign = await list({}, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('You are not a member of this seller');
    const csv = await callApi(
      t.app,
      'seller/getPendingSalesCsv',
      { sellerId: seller.sellerId },
      {
        token: other.token,
      },
    );
    expect(csv.status).toBe(404);
    const own = await callApi<SellerSalesList>(
      t.app,
      'seller/getSalesList',
      { sellerId: other.sellerId },
      {
        token: other.token,
      },
    );
    expect(own.body.data.items.map((item) => item.productName)).toEqual(['Somebody Else']);
    expect((await callApi(t.app, 'seller/getSalesList', { sellerId: seller.sellerId })).status).toBe(401);
  });

  it('pages 20 at a time, newest first, with the total', async () => {
    for (let i = 0; i < SALES_PAGE_SIZE; i++) await buy(windowed);
    const first = await list({ page: 1 });
    const second = await list({ page: 2 });
    expect(first.body.data.total).toBe(SALES_PAGE_SIZE + 3);
    expect(first.body.data.items).toHaveLength(SALES_PAGE_SIZE);
    expect(second.body.data.items).toHaveLength(3);
    const all = [...first.body.data.items, ...second.body.data.items];
    expect(new Set(all.map((item) => item.orderItemId)).size).toBe(SALES_PAGE_SIZE + 3);
    const times = all.map((item) => Date.parse(item.soldAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list({ page: 3 })).body.data.items).toEqual([]);
  });

  it('downloads the pending sales as CSV: escaped, formula-safe, only sales inside their window', async () => {
    const { status, body } = await callApi<PendingSalesCsv>(
      t.app,
      'seller/getPendingSalesCsv',
      {
        sellerId: seller.sellerId,
      },
      { token: seller.token },
    );
    expect(status).toBe(200);
    expect(body.data.contentType).toBe('text/csv;charset=utf-8');
    expect(body.data.filename).toMatch(/^everdeal-pending-sales-seller-[a-z0-9-]+-2026-03-10\.csv$/);
    const lines = body.data.csv.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'date,order_id,order_item_id,product,plan,quantity,sale_amount,refunded,kept_after_refunds,seller_share,payable_on,currency',
    );
    // The first sale (2 units) and the 20 later ones; the refunded one and the final sale are not pending.
    expect(body.data.count).toBe(21);
    expect(lines).toHaveLength(23);
    expect(lines[1]).toMatch(
      /^2026-03-10T12:00:00\.000Z,[0-9a-f-]{36},[0-9a-f-]{36},"'=HYPERLINK\(""x""\), Notes","'\+Tier ""1""",2,98\.00,0\.00,98\.00,68\.60,2026-05-09T12:00:00\.000Z,USD$/,
    );
    expect(body.data.pendingCents).toBe(6860 + 20 * 3430);
    expect(lines.at(-1)).toBe(`total,,,,,,,,,${(body.data.pendingCents / 100).toFixed(2)},,USD`);
    for (const email of buyerEmails) expect(body.data.csv).not.toContain(email);

    // Once the windows closed, nothing is pending: the header and no total.
    clock = new Date(clock.getTime() + 61 * DAY);
    const later = await callApi<PendingSalesCsv>(
      t.app,
      'seller/getPendingSalesCsv',
      {
        sellerId: seller.sellerId,
      },
      { token: seller.token },
    );
    expect(later.body.data).toMatchObject({ count: 0, pendingCents: 0 });
    expect(later.body.data.csv.split('\r\n')).toHaveLength(2);
    expect((await list({})).body.data.items.every((item) => !item.isPending)).toBe(true);
  });

  it('defuses every cell that starts like a formula, not only the names', () => {
    const sale = {
      id: 'c',
      amountCents: 100,
      currency: 'USD',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      refundableUntil: new Date('2026-02-01T00:00:00Z'),
      orderId: '@o',
      orderItemId: '-i',
      productName: '\tTab',
      planName: 'plain, with comma\nand line',
      quantity: 1,
    };
    const { csv } = pendingSalesCsv([{ charge: sale, refundedCents: 0, shareCents: 70, due: sale.refundableUntil }]);
    expect(csv.split('\r\n')[1]).toBe(
      `2026-01-01T00:00:00.000Z,'@o,'-i,'\tTab,"plain, with comma\nand line",1,1.00,0.00,1.00,0.70,2026-02-01T00:00:00.000Z,USD`,
    );
  });
});
