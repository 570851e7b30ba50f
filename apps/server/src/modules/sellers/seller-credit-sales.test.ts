// A sale paid (partly) with store credit in the seller's books (decisions 014 and 030), through HTTP
// and the real database: the seller's sales, sales list, pending CSV, statements, analytics and
// payable balance count the part paid with credit as they count the card's, and a refund of the
// item, to the card or to credit, takes both parts back out.
import type {
  PendingSalesCsv,
  SellerAnalytics,
  SellerPayouts,
  SellerSales,
  SellerSalesList,
  Statement,
} from '@everdeal/contracts';
import { createProduct } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { memberAt, onboardInSandbox, payableDeal, payoutDeps, payoutSeller } from '../../../test/payouts';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { checkout, createBuyer, newKey } from '../../../test/shop';
import { runPayoutRound } from '../payouts';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-03-10T12:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

type Product = Pick<Awaited<ReturnType<typeof createProduct>>, 'id' | 'plans'>;

const dealOf = (seller: SellerMember, name: string, priceCents: number, refundWindowDays: number) =>
  createProduct(t.db, {
    name,
    sellerId: seller.sellerId,
    refundWindowDays,
    plans: [{ name: 'Tier 1', priceCents, originalPriceCents: priceCents * 2, codes: 5 }],
  });

/** One unit bought by a new buyer granted `creditCents`, paying with it first and the card for the rest. */
async function buyWithCredit(product: Product, creditCents: number) {
  const planId = product.plans[0]?.id as number;
  const buyer = await createBuyer(
    t.app,
    t.db,
    [{ productId: product.id, variantId: planId, quantity: 1 }],
    undefined,
    clock,
  );
  const granted = await callApi(
    t.app,
    'admin/grantCredit',
    { userId: buyer.userId, amountCents: creditCents, note: 'For the test' },
    { token: admin.token },
  );
  expect(granted.status, granted.body.msg).toBe(200);
  const paid = await checkout(t.app, buyer.token, {
    useCredit: true,
    paymentMethodId: buyer.card.id,
    idempotencyKey: newKey(),
  });
  expect(paid.status, paid.body.msg).toBe(200);
  const { order } = paid.body.data;
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { buyer, order, item };
}

const read = async <T>(path: string, seller: SellerMember, input: object = {}) => {
  const response = await callApi<T>(t.app, path, { sellerId: seller.sellerId, ...input }, { token: seller.token });
  expect(response.status, `${path}: ${response.body.msg}`).toBe(200);
  return response.body.data;
};
const salesOf = (seller: SellerMember) => read<SellerSales>('seller/getSales', seller);
const listOf = (seller: SellerMember) => read<SellerSalesList>('seller/getSalesList', seller, { page: 1 });
const statementOf = (seller: SellerMember, month: string) => read<Statement>('seller/getStatement', seller, { month });
const analyticsOf = (seller: SellerMember) => read<SellerAnalytics>('seller/getAnalytics', seller, { days: 30 });
const balanceOf = async (seller: SellerMember) => (await read<SellerPayouts>('seller/getPayouts', seller)).balance;

describe('a sale paid partly with store credit, in the seller’s books', () => {
  it('shows the seller the full price: sales, list, pending CSV, analytics, statements and the payable balance', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    admin = await createAdminWithSession(t.db, clock);
    const seller = await createSellerWithMember(t.db);
    const windowed = await dealOf(seller, 'Split Notes', 4900, 30);
    const finalSale = await dealOf(seller, 'Credit Only', 2000, 0);
    const split = await buyWithCredit(windowed, 1900);
    expect(split.order).toMatchObject({ total: 4900, paidWithCreditCents: 1900 });
    // Credit covers it all: no card charge at all, yet the seller sold it for $20.
    const covered = await buyWithCredit(finalSale, 5000);
    expect(covered.order).toMatchObject({ total: 2000, paidWithCreditCents: 2000 });

    let sales = await salesOf(seller);
    const byName = Object.fromEntries(sales.products.map((row) => [row.name, row.sales]));
    expect(byName['Split Notes']).toEqual({
      unitsSold: 1,
      unitsRefunded: 0,
      grossCents: 4900,
      refundedCents: 0,
      netCents: 4900,
      currency: 'USD',
    });
    expect(byName['Credit Only']).toMatchObject({ unitsSold: 1, grossCents: 2000, netCents: 2000 });
    expect(sales.totals).toMatchObject({ grossCents: 6900, refundedCents: 0, netCents: 6900 });
    // 70% of the full prices: the final sale payable at once, the other pending inside its window.
    expect(sales.payouts).toEqual({ currency: 'USD', payableCents: 1400, pendingCents: 3430, transferredCents: 0 });
    expect(await balanceOf(seller)).toEqual({ currency: 'USD', payableCents: 1400 });

    const list = await listOf(seller);
    expect(list.items.find((row) => row.orderItemId === split.item.id)).toMatchObject({
      paidCents: 4900,
      refundedCents: 0,
      shareCents: 3430,
      status: 'paid',
      isPending: true,
    });
    expect(list.items.find((row) => row.orderItemId === covered.item.id)).toMatchObject({
      paidCents: 2000,
      refundedCents: 0,
      shareCents: 1400,
      isPending: false,
    });

    // The pending CSV: the card's part and the credit part, each with its share, 70% of $49 in all.
    const pending = await read<PendingSalesCsv>('seller/getPendingSalesCsv', seller);
    expect(pending).toMatchObject({ count: 2, pendingCents: 3430 });
    expect(pending.csv).toContain(`,${split.item.id},Split Notes,Tier 1,1,30.00,0.00,30.00,21.00,`);
    expect(pending.csv).toContain(`,${split.item.id},Split Notes,Tier 1,1,19.00,0.00,19.00,13.30,`);

    const analytics = await analyticsOf(seller);
    expect(analytics.products.find((row) => row.name === 'Split Notes')?.totals).toMatchObject({
      sales: 1,
      revenueCents: 3430,
    });
    expect(analytics.products.find((row) => row.name === 'Credit Only')?.totals).toMatchObject({
      sales: 1,
      revenueCents: 1400,
    });
    expect(analytics.totals).toMatchObject({ sales: 2, revenueCents: 4830 });

    // The month of the credit-only sale: one line, at the order's payment.
    const march = await statementOf(seller, '2026-03');
    expect(march.totalCents).toBe(1400);
    expect(march.csv).toContain(
      `${covered.order.paidAt},earned,${covered.order.id},${covered.item.id},Credit Only,Tier 1,1,20.00,20.00,14.00,USD`,
    );

    // The window closes: both parts of the split sale become payable, in April's statement.
    clock = new Date('2026-04-10T12:00:00Z');
    sales = await salesOf(seller);
    expect(sales.payouts).toEqual({ currency: 'USD', payableCents: 4830, pendingCents: 0, transferredCents: 0 });
    expect(await balanceOf(seller)).toEqual({ currency: 'USD', payableCents: 4830 });
    expect(sales.months.find((month) => month.month === '2026-04')).toMatchObject({ earnedCents: 3430 });
    const april = await statementOf(seller, '2026-04');
    expect(april.totalCents).toBe(3430);
    expect(april.csv).toContain(
      `,earned,${split.order.id},${split.item.id},Split Notes,Tier 1,1,30.00,30.00,21.00,USD`,
    );
    expect(april.csv).toContain(
      `,earned,${split.order.id},${split.item.id},Split Notes,Tier 1,1,19.00,19.00,13.30,USD`,
    );
    await expectLedgerBalanced(t.db);
  });

  it('takes both parts back out when the item is refunded, to the card or to credit', async () => {
    clock = new Date('2026-05-04T12:00:00Z');
    admin = await createAdminWithSession(t.db, clock);
    const seller = await createSellerWithMember(t.db);
    const product = await dealOf(seller, 'Refunded Notes', 4900, 30);
    const toCard = await buyWithCredit(product, 1900);
    const toCredit = await buyWithCredit(product, 1900);
    const kept = await buyWithCredit(product, 900);

    // Before any refund: three full prices.
    expect((await salesOf(seller)).totals).toMatchObject({ grossCents: 14_700, netCents: 14_700 });
    expect((await salesOf(seller)).payouts.pendingCents).toBe(3 * 3430);

    clock = new Date(clock.getTime() + DAY_MS);
    for (const [bought, to] of [
      [toCard, 'original'],
      [toCredit, 'credit'],
    ] as const) {
      const response = await callApi(
        t.app,
        'orders/refundItem',
        { orderId: bought.order.id, itemId: bought.item.id, to },
        { token: bought.buyer.token },
      );
      expect(response.status, response.body.msg).toBe(200);
    }

    const sales = await salesOf(seller);
    expect(sales.products.find((row) => row.name === 'Refunded Notes')?.sales).toEqual({
      unitsSold: 3,
      unitsRefunded: 2,
      grossCents: 14_700,
      refundedCents: 9800,
      netCents: 4900,
      currency: 'USD',
    });
    expect(sales.payouts).toEqual({ currency: 'USD', payableCents: 0, pendingCents: 3430, transferredCents: 0 });

    const list = await listOf(seller);
    for (const refunded of [toCard, toCredit]) {
      expect(list.items.find((row) => row.orderItemId === refunded.item.id)).toMatchObject({
        paidCents: 4900,
        refundedCents: 4900,
        shareCents: 0,
        status: 'refunded',
      });
    }
    expect(list.items.find((row) => row.orderItemId === kept.item.id)).toMatchObject({
      paidCents: 4900,
      refundedCents: 0,
      shareCents: 3430,
    });
    const pending = await read<PendingSalesCsv>('seller/getPendingSalesCsv', seller);
    expect(pending).toMatchObject({ count: 2, pendingCents: 3430 });
    expect(pending.csv).not.toContain(toCard.item.id);
    expect(pending.csv).not.toContain(toCredit.item.id);
    expect((await analyticsOf(seller)).totals).toMatchObject({ sales: 3, revenueCents: 3430 });

    // After the window: only the kept sale is paid; the refunded ones earn nothing in any month.
    clock = new Date('2026-06-10T12:00:00Z');
    expect(await balanceOf(seller)).toEqual({ currency: 'USD', payableCents: 3430 });
    const june = await statementOf(seller, '2026-06');
    expect(june.totalCents).toBe(3430);
    expect(june.csv).not.toContain(toCard.item.id);
    expect(june.csv).not.toContain(toCredit.item.id);
    expect((await salesOf(seller)).months.map((month) => [month.month, month.netCents])).toEqual([['2026-06', 3430]]);
    await expectLedgerBalanced(t.db);
  });

  it('is paid by the monthly transfer at 70% of the full price, and an admin refund after it reverses both parts', async () => {
    clock = new Date('2027-01-12T09:00:00Z');
    admin = await createAdminWithSession(t.db, clock);
    let seller = await payoutSeller(t, clock);
    // No refund window: the share is payable when the order is paid.
    const deal = await payableDeal(t, seller, 10_000);
    const sold = await buyWithCredit(deal.product, 4000);
    expect(sold.order).toMatchObject({ total: 10_000, paidWithCreditCents: 4000 });
    expect(await balanceOf(seller)).toEqual({ currency: 'USD', payableCents: 7000 });
    await onboardInSandbox(t, seller);

    clock = new Date('2027-02-01T00:05:00Z');
    expect(await runPayoutRound(payoutDeps(t, () => clock))).toMatchObject({ paid: 1 });
    seller = await memberAt(t, seller, clock);
    const payouts = await read<SellerPayouts>('seller/getPayouts', seller);
    expect(payouts.transfers.map((row) => [row.period, row.status, row.amountCents])).toEqual([
      ['2027-01', 'paid', 7000],
    ]);
    expect(payouts.balance).toEqual({ currency: 'USD', payableCents: 0 });

    clock = new Date('2027-02-10T10:00:00Z');
    admin = await createAdminWithSession(t.db, clock);
    const refunded = await callApi(
      t.app,
      'admin/refundItem',
      { orderId: sold.order.id, itemId: sold.item.id, reason: 'The tool never worked' },
      { token: admin.token },
    );
    expect(refunded.status, refunded.body.msg).toBe(200);
    // Both parts come back out in February: the seller owes the 70% they were paid.
    expect(await balanceOf(seller)).toEqual({ currency: 'USD', payableCents: -7000 });
    const sales = await salesOf(seller);
    expect(sales.totals).toMatchObject({ grossCents: 10_000, refundedCents: 10_000, netCents: 0 });
    expect(sales.months.find((month) => month.month === '2027-02')).toMatchObject({ reversedCents: 7000 });
    const february = await statementOf(seller, '2027-02');
    // February's movements: the transfer of January's balance, then both parts reversed.
    expect(february.totalCents).toBe(-7000 - 7000);
    expect(february.csv).toContain(',transfer,,,payout 2027-01,,,,,-70.00,USD');
    expect(february.csv).toContain(`,reversed,${sold.order.id},${sold.item.id},`);
    expect(february.csv).toContain(',1,60.00,0.00,-42.00,USD');
    expect(february.csv).toContain(',1,40.00,0.00,-28.00,USD');
    await expectLedgerBalanced(t.db);
  });

  it('counts a downgrade’s return from the card and from the credit as refunds of each part', async () => {
    clock = new Date('2026-08-03T12:00:00Z');
    admin = await createAdminWithSession(t.db, clock);
    const seller = await createSellerWithMember(t.db);
    const product = await createProduct(t.db, {
      name: 'Tiered Notes',
      sellerId: seller.sellerId,
      refundWindowDays: 30,
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 2000, originalPriceCents: 4000, codes: 5 },
        { name: 'Tier 2', position: 1, priceCents: 10_000, originalPriceCents: 20_000, codes: 5 },
      ],
    });
    const [tier1, tier2] = product.plans;
    if (!tier1 || !tier2) throw new Error('two tiers expected');
    // $100: $70 credit, $30 card.
    const bought = await buyWithCredit({ id: product.id, plans: [tier2] }, 7000);
    clock = new Date(clock.getTime() + DAY_MS);
    // Down to $20: $80 back, the card's $30 first, then $50 of the credit.
    const changed = await callApi<{ refundedCents: number }>(
      t.app,
      'orders/changePlan',
      { orderId: bought.order.id, itemId: bought.item.id, variantId: tier1.id, idempotencyKey: newKey() },
      { token: bought.buyer.token },
    );
    expect(changed.status, changed.body.msg).toBe(200);
    expect(changed.body.data.refundedCents).toBe(8000);

    const sales = await salesOf(seller);
    expect(sales.totals).toMatchObject({ grossCents: 10_000, refundedCents: 8000, netCents: 2000 });
    // What is kept, $20 of the credit part, pays 70%.
    expect(sales.payouts).toEqual({ currency: 'USD', payableCents: 0, pendingCents: 1400, transferredCents: 0 });
    expect((await listOf(seller)).items.find((row) => row.orderItemId === bought.item.id)).toMatchObject({
      paidCents: 10_000,
      refundedCents: 8000,
      shareCents: 1400,
      status: 'plan_changed',
    });
    expect((await analyticsOf(seller)).totals).toMatchObject({ sales: 1, revenueCents: 1400 });
    clock = new Date('2026-09-10T12:00:00Z');
    expect(await balanceOf(seller)).toEqual({ currency: 'USD', payableCents: 1400 });
    await expectLedgerBalanced(t.db);
  });
});
