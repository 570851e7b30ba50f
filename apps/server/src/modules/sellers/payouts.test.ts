import type { SellerDashboard, SellerSales, Statement } from '@everdeal/contracts';
import { createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { checkout, createBuyer, newKey } from '../../../test/shop';
import { centsToDecimal, computePayouts, csvCell, csvText, type SaleCharge, sellerShareCents } from './payouts';

// Requirements §13, decision 014: 70% of each sale is payable once the item's refund window has
// passed, nothing for refunded items, floored to the cent; a monthly statement as CSV.

const DAY = 86_400_000;

function charge(overrides: Partial<SaleCharge> = {}): SaleCharge {
  return {
    id: 'c1',
    amountCents: 4900,
    currency: 'USD',
    createdAt: new Date('2026-03-10T12:00:00Z'),
    refundableUntil: new Date('2026-05-09T12:00:00Z'),
    orderId: 'o1',
    orderItemId: 'i1',
    productName: 'Tool',
    planName: 'Tier 1',
    quantity: 1,
    ...overrides,
  };
}

describe('computePayouts', () => {
  it('keeps 70% of a sale pending inside the window and makes it payable when the window closes', () => {
    const before = computePayouts([charge()], [], new Date('2026-05-09T11:59:59Z'));
    expect(before.events).toEqual([]);
    expect(before.pending.get('USD')).toBe(3430);
    const after = computePayouts([charge()], [], new Date('2026-05-09T12:00:00Z'));
    expect(after.events).toMatchObject([{ kind: 'earned', shareCents: 3430, at: new Date('2026-05-09T12:00:00Z') }]);
    expect(after.pending.size).toBe(0);
  });

  it('floors each share to the cent: the remainder stays with the store', () => {
    expect(sellerShareCents(999)).toBe(699);
    expect(sellerShareCents(1)).toBe(0);
    expect(sellerShareCents(2999)).toBe(2099);
    expect(sellerShareCents(-5)).toBe(0);
  });

  it('pays nothing for an item refunded inside its window, and 70% of what is left after a partial refund', () => {
    const refunded = computePayouts(
      [charge()],
      [{ id: 'r1', chargeId: 'c1', amountCents: 4900, createdAt: new Date('2026-03-12T00:00:00Z') }],
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(refunded.events).toEqual([]);
    const partial = computePayouts(
      [charge()],
      [{ id: 'r1', chargeId: 'c1', amountCents: 1999, createdAt: new Date('2026-03-12T00:00:00Z') }],
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(partial.events).toMatchObject([{ kind: 'earned', keptCents: 2901, shareCents: 2030 }]);
  });

  it('reverses a share in the month of a refund made after the window (an admin refund), never below zero', () => {
    const { events } = computePayouts(
      [charge()],
      [{ id: 'r1', chargeId: 'c1', amountCents: 4900, createdAt: new Date('2026-06-03T00:00:00Z') }],
      new Date('2026-07-01T00:00:00Z'),
    );
    expect(events.map((event) => [event.kind, event.shareCents, event.at.toISOString().slice(0, 7)])).toEqual([
      ['earned', 3430, '2026-05'],
      ['reversed', -3430, '2026-06'],
    ]);
  });

  it('makes a sale without a refund window, or charged after it closed, payable at once', () => {
    const at = new Date('2026-03-10T12:00:00Z');
    expect(computePayouts([charge({ refundableUntil: null })], [], at).events).toMatchObject([
      { at, shareCents: 3430 },
    ]);
    const renewal = charge({ createdAt: new Date('2026-08-01T00:00:00Z'), amountCents: 1000 });
    expect(computePayouts([renewal], [], new Date('2026-08-01T00:00:00Z')).events).toMatchObject([{ shareCents: 700 }]);
  });
});

describe('statement cells', () => {
  it('writes money from integers and defuses formulas in seller text', () => {
    expect(centsToDecimal(-3430)).toBe('-34.30');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
  });

  it('defuses every leading character a spreadsheet reads as a formula, in any compatibility form', () => {
    // OWASP's list (CSV injection) and what NFKC folds onto it: full-width, small and
    // super- or subscript forms. The cell keeps its own text behind the apostrophe.
    const leads = [
      ['=', '+', '-', '@', '\t', '\r'],
      ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'], // ＝ ＋ － ＠ (full width)
      ['\uFE66', '\uFE62', '\uFE63', '\uFE6B'], // ﹦ ﹢ ﹣ ﹫ (small forms)
      ['\u207C', '\u207A', '\u208C', '\u208A'], // ⁼ ⁺ ₌ ₊ (super- and subscript)
    ].flat();
    for (const lead of leads) {
      const text = `${lead}HYPERLINK("https://evil.example","open")`;
      expect(csvText(text), `U+${lead.codePointAt(0)?.toString(16).toUpperCase()}`).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text alone, full-width digits included', () => {
    for (const text of ['Pro plan', 'Lifetime – 5 seats', '100% off', '(beta)', '', 'a=b', '１００ seats']) {
      expect(csvText(text)).toBe(text);
    }
  });
});

describe('sales and payouts through the API, with the clock moved', () => {
  let clock = new Date('2026-03-10T12:00:00Z');
  let t: TestApp;
  let member: SellerMember;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    member = await createSellerWithMember(t.db);
  });
  afterAll(() => t?.close());

  async function buy(productId: number, planId: number, quantity = 1) {
    const buyer = await createBuyer(t.app, t.db, [{ productId, variantId: planId, quantity }]);
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    if (paid.status !== 200) throw new Error(`checkout answered ${paid.status}: ${paid.body.msg}`);
    return { buyer, order: paid.body.data.order };
  }

  const sales = async () =>
    (await callApi<SellerSales>(t.app, 'seller/getSales', { sellerId: member.sellerId }, { token: member.token })).body
      .data;

  it('windows of 60, 30 and 0 days, a refund, three monthly statements', async () => {
    const plans = (cents: number) => [{ name: 'Tier 1', priceCents: cents, originalPriceCents: cents * 4, codes: 10 }];
    const a = await createProduct(t.db, {
      name: 'Sixty',
      sellerId: member.sellerId,
      refundWindowDays: 60,
      plans: plans(4900),
    });
    const b = await createProduct(t.db, {
      name: 'Thirty',
      sellerId: member.sellerId,
      refundWindowDays: 30,
      plans: plans(2999),
    });
    const c = await createProduct(t.db, {
      name: 'Final Sale',
      sellerId: member.sellerId,
      refundWindowDays: 0,
      plans: plans(1000),
    });
    const planOf = (p: typeof a) => p.plans[0]?.id as number;

    await buy(a.id, planOf(a));
    const refunded = await buy(a.id, planOf(a));
    await buy(b.id, planOf(b));
    await buy(c.id, planOf(c), 2);
    clock = new Date(clock.getTime() + DAY);
    const item = refunded.order.items[0];
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: refunded.order.id, itemId: item?.id },
      { token: refunded.buyer.token },
    );
    expect(refund.status).toBe(200);

    let now = await sales();
    const byName = Object.fromEntries(now.products.map((product) => [product.name, product.sales]));
    expect(byName.Sixty).toEqual({
      unitsSold: 2,
      unitsRefunded: 1,
      grossCents: 9800,
      refundedCents: 4900,
      netCents: 4900,
      currency: 'USD',
    });
    expect(byName.Thirty).toMatchObject({ unitsSold: 1, grossCents: 2999, netCents: 2999 });
    expect(byName['Final Sale']).toMatchObject({ unitsSold: 2, grossCents: 2000, netCents: 2000 });
    expect(now.totals).toMatchObject({
      unitsSold: 5,
      unitsRefunded: 1,
      grossCents: 14_799,
      refundedCents: 4900,
      netCents: 9899,
    });
    // No refund window: payable at once. Inside theirs: pending (the refunded one counts nothing).
    expect(now.payouts).toEqual({
      currency: 'USD',
      payableCents: 1400,
      pendingCents: 3430 + 2099,
      transferredCents: 0,
    });

    clock = new Date('2026-04-10T12:00:01Z');
    now = await sales();
    expect(now.payouts).toEqual({
      currency: 'USD',
      payableCents: 1400 + 2099,
      pendingCents: 3430,
      transferredCents: 0,
    });

    clock = new Date('2026-05-09T12:00:01Z');
    now = await sales();
    expect(now.payouts).toEqual({
      currency: 'USD',
      payableCents: 1400 + 2099 + 3430,
      pendingCents: 0,
      transferredCents: 0,
    });
    expect(now.months).toEqual([
      {
        month: '2026-05',
        earnedCents: 3430,
        reversedCents: 0,
        adjustedCents: 0,
        netCents: 3430,
        transferredCents: 0,
        currency: 'USD',
      },
      {
        month: '2026-04',
        earnedCents: 2099,
        reversedCents: 0,
        adjustedCents: 0,
        netCents: 2099,
        transferredCents: 0,
        currency: 'USD',
      },
      {
        month: '2026-03',
        earnedCents: 1400,
        reversedCents: 0,
        adjustedCents: 0,
        netCents: 1400,
        transferredCents: 0,
        currency: 'USD',
      },
    ]);

    const dashboard = await callApi<SellerDashboard>(
      t.app,
      'seller/getDashboard',
      { sellerId: member.sellerId },
      { token: member.token },
    );
    expect(dashboard.body.data.payouts.payableCents).toBe(6929);
    expect(dashboard.body.data.products.find((product) => product.name === 'Sixty')).toMatchObject({
      stage: 'live',
      // A refunded code is revoked, not put back in the pool (decision 010).
      plans: [{ name: 'Tier 1', codesAvailable: 8 }],
      sales: { unitsSold: 2, unitsRefunded: 1 },
    });

    const statement = await callApi<Statement>(
      t.app,
      'seller/getStatement',
      { sellerId: member.sellerId, month: '2026-05' },
      { token: member.token },
    );
    expect(statement.body.data).toMatchObject({ month: '2026-05', totalCents: 3430, currency: 'USD' });
    expect(statement.body.data.filename).toMatch(/^everdeal-statement-seller-.+-2026-05\.csv$/);
    const lines = statement.body.data.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,type,order_id,order_item_id,product,plan,quantity,sale_amount,kept_after_refunds,seller_share,currency',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^2026-05-09T12:00:00\.000Z,earned,[0-9a-f-]{36},[0-9a-f-]{36},Sixty,Tier 1,1,49\.00,49\.00,34\.30,USD$/,
    );
    expect(lines[2]).toBe(',total,,,,,,,,34.30,USD');
    const march = await callApi<Statement>(
      t.app,
      'seller/getStatement',
      { sellerId: member.sellerId, month: '2026-03' },
      { token: member.token },
    );
    expect(march.body.data.csv).toContain(',Final Sale,Tier 1,2,20.00,20.00,14.00,USD');
    const empty = await callApi<Statement>(
      t.app,
      'seller/getStatement',
      { sellerId: member.sellerId, month: '2025-01' },
      { token: member.token },
    );
    expect(empty.body.data.totalCents).toBe(0);

    // A plan with sales cannot be removed: its buyers' items point at it.
    const removal = await callApi(t.app, 'seller/deletePlan', { planId: planOf(a) }, { token: member.token });
    expect(removal.status).toBe(409);
  });
});

describe('a refund to store credit in the seller’s sales and payouts (decision 030)', () => {
  let clock = new Date('2026-03-10T12:00:00Z');
  let t: TestApp;
  let member: SellerMember;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    member = await createSellerWithMember(t.db);
  });
  afterAll(() => t?.close());

  it('counts as refunded: the unit and its money out of the sales, nothing payable for it once the window closes', async () => {
    const product = await createProduct(t.db, {
      name: 'Credited',
      sellerId: member.sellerId,
      refundWindowDays: 30,
      plans: [{ name: 'Tier 1', priceCents: 4900, originalPriceCents: 9900, codes: 5 }],
    });
    const planId = product.plans[0]?.id as number;
    const orders = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: planId, quantity: 1 }]);
      const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
      expect(paid.status).toBe(200);
      orders.push({ buyer, order: paid.body.data.order });
    }
    const credited = orders[1];
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: credited?.order.id, itemId: credited?.order.items[0]?.id, to: 'credit' },
      { token: credited?.buyer.token },
    );
    expect(refund.status).toBe(200);

    const sales = async () =>
      (await callApi<SellerSales>(t.app, 'seller/getSales', { sellerId: member.sellerId }, { token: member.token }))
        .body.data;
    let now = await sales();
    expect(now.products.find((row) => row.name === 'Credited')?.sales).toEqual({
      unitsSold: 2,
      unitsRefunded: 1,
      grossCents: 9800,
      refundedCents: 4900,
      netCents: 4900,
      currency: 'USD',
    });
    expect(now.payouts).toEqual({ currency: 'USD', payableCents: 0, pendingCents: 3430, transferredCents: 0 });
    clock = new Date('2026-04-09T12:00:01Z');
    now = await sales();
    expect(now.payouts).toEqual({ currency: 'USD', payableCents: 3430, pendingCents: 0, transferredCents: 0 });
  });
});
