// Decision 036 through HTTP and a real database: onboarding in the sandbox, the monthly round's
// minimum and carry-over, a second and third round changing nothing, a refund after a transfer
// taking the balance below zero and later sales paying it back, and what sellers and admins see.
import type { AdminPayouts, SellerDashboard, SellerSales, Statement } from '@everdeal/contracts';
import { sandboxConnectAccounts, sandboxTransfers, sellerPayoutAccounts, sellerPayouts } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  memberAt,
  onboardInSandbox,
  payableDeal,
  payoutDeps,
  payoutSeller,
  payoutsOf,
  sell,
} from '../../../test/payouts';
import { payoutPeriod } from './payout-period';
import { runPayoutRound } from './transfer-round';

let clock = new Date('2027-01-10T12:00:00.000Z');
const at = (iso: string) => {
  clock = new Date(iso);
  return clock;
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const round = () => runPayoutRound(payoutDeps(t, () => clock));
const rowsOf = (sellerId: number) =>
  t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, sellerId)).orderBy(sellerPayouts.createdAt);

describe('the period a round pays', () => {
  it('is the previous calendar month in UTC, its balance taken at the first instant of this one', () => {
    expect(payoutPeriod(new Date('2027-03-01T00:00:00.000Z'))).toEqual({
      period: '2027-02',
      cutoff: new Date('2027-03-01T00:00:00.000Z'),
      nextRunAt: new Date('2027-04-01T00:00:00.000Z'),
    });
    expect(payoutPeriod(new Date('2027-01-31T23:59:59.999Z')).period).toBe('2026-12');
  });
});

describe('onboarding in the sandbox', () => {
  it('creates one account per seller, links to a local page that enables payouts and returns to the payouts page', async () => {
    at('2027-01-10T12:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    expect((await payoutsOf(t, seller)).account.status).toBe('not_connected');
    const first = await callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', {}, seller);
    expect(first.status).toBe(200);
    expect(first.body.data.url).toMatch(/^\/sandbox\/payouts\/onboard\/[\w-]+$/);
    expect((await payoutsOf(t, seller)).account).toMatchObject({ status: 'pending', provider: 'sandbox' });
    // Asked again (and twice at once): the same one account, a new link.
    const again = await Promise.all([
      callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', { sellerId: seller.sellerId }, seller),
      callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', { sellerId: seller.sellerId }, seller),
    ]);
    const accounts = await t.db
      .select()
      .from(sellerPayoutAccounts)
      .where(eq(sellerPayoutAccounts.sellerId, seller.sellerId));
    expect(accounts).toHaveLength(1);
    const sandbox = await t.db
      .select()
      .from(sandboxConnectAccounts)
      .where(eq(sandboxConnectAccounts.id, accounts[0]?.accountRef ?? ''));
    expect(sandbox).toHaveLength(1);
    expect(again.map((response) => response.status)).toEqual([200, 200]);
    // The latest link is the one that works (each call makes a new one).
    const latest = await callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', {}, seller);
    const url = latest.body.data.url;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/seller/payouts?seller=${seller.sellerId}&onboarding=return`);
    // A link works once.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const refreshed = await callApi(t.app, 'seller/refreshPayoutAccount', {}, seller);
    expect(refreshed.body.data).toMatchObject({ account: { status: 'ready', payoutsEnabled: true } });
  });

  it('answers 404 for a seller the caller is no member of, and 403 for a user of no seller', async () => {
    const seller = await payoutSeller(t, clock);
    const other = await payoutSeller(t, clock);
    for (const path of ['seller/startPayoutOnboarding', 'seller/refreshPayoutAccount', 'seller/getPayouts']) {
      const response = await callApi(t.app, path, { sellerId: other.sellerId }, seller);
      expect(response.status, path).toBe(404);
    }
    const shopper = await createUserWithSession(t.db, clock);
    expect((await callApi(t.app, 'seller/startPayoutOnboarding', {}, shopper)).status).toBe(403);
    expect((await callApi(t.app, 'admin/getPayouts', {}, seller)).status).toBe(403);
  });
});

describe('the monthly transfer', () => {
  it('carries a balance under $50 over, transfers it once it reaches $50, and a second round changes nothing', async () => {
    at('2027-01-12T09:00:00.000Z');
    let seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 5_000);
    await sell(t, deal, clock); // $35 payable at once
    await onboardInSandbox(t, seller);

    at('2027-02-01T00:05:00.000Z');
    await round();
    let rows = await rowsOf(seller.sellerId);
    expect(rows.map((row) => [row.period, row.status, row.amountCents])).toEqual([['2027-01', 'carried_over', 3_500]]);

    at('2027-02-20T10:00:00.000Z');
    await sell(t, deal, clock);
    // A sale after the period's end waits for its own period.
    await sell(t, deal, clock);
    at('2027-02-28T23:59:59.000Z');
    await round();
    expect(await rowsOf(seller.sellerId)).toHaveLength(1);

    at('2027-03-01T00:10:00.000Z');
    const paid = await round();
    expect(paid).toMatchObject({ opened: 1, paid: 1 });
    await round();
    at('2027-03-01T01:10:00.000Z');
    await round();
    rows = await rowsOf(seller.sellerId);
    expect(rows.map((row) => [row.period, row.status, row.amountCents, row.idempotencyKey])).toEqual([
      ['2027-01', 'carried_over', 3_500, `everdeal:payout:${seller.sellerId}:2027-01:1`],
      ['2027-02', 'paid', 10_500, `everdeal:payout:${seller.sellerId}:2027-02:1`],
    ]);
    const account = (
      await t.db.select().from(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.sellerId, seller.sellerId))
    )[0];
    const transfers = await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.destination, account?.accountRef ?? ''));
    expect(transfers.map((row) => [row.amountCents, row.idempotencyKey])).toEqual([
      [10_500, `everdeal:payout:${seller.sellerId}:2027-02:1`],
    ]);
    expect(rows[1]?.providerReference).toBe(transfers[0]?.id);

    seller = await memberAt(t, seller, clock);
    const view = await payoutsOf(t, seller);
    expect(view.balance).toEqual({ payableCents: 0, currency: 'USD' });
    expect(view.minimumCents).toBe(5_000);
    expect(view.nextRunAt).toBe('2027-04-01T00:00:00.000Z');
    expect(view.transfers.map((row) => [row.period, row.status, row.amountCents])).toEqual([
      ['2027-02', 'paid', 10_500],
      ['2027-01', 'carried_over', 3_500],
    ]);
    const dashboard = await callApi<SellerDashboard>(
      t.app,
      'seller/getDashboard',
      { sellerId: seller.sellerId },
      seller,
    );
    expect(dashboard.body.data.payouts).toMatchObject({ payableCents: 0, transferredCents: 10_500 });
    const sales = await callApi<SellerSales>(t.app, 'seller/getSales', { sellerId: seller.sellerId }, seller);
    expect(sales.body.data.months.find((month) => month.month === '2027-03')).toMatchObject({
      transferredCents: 10_500,
    });
    const statement = await callApi<Statement>(
      t.app,
      'seller/getStatement',
      { sellerId: seller.sellerId, month: '2027-03' },
      seller,
    );
    expect(statement.body.data.csv).toContain(',transfer,,,payout 2027-02,,,,,-105.00,USD');
    expect(statement.body.data.totalCents).toBe(-10_500);
  });

  it('pays nothing to a seller whose account is not ready, and pays their balance once it is', async () => {
    at('2027-04-03T09:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 10_000);
    await sell(t, deal, clock);
    at('2027-05-01T00:05:00.000Z');
    await round();
    expect(await rowsOf(seller.sellerId)).toEqual([]);
    await callApi(t.app, 'seller/startPayoutOnboarding', {}, await memberAt(t, seller, clock));
    await round();
    expect(await rowsOf(seller.sellerId)).toEqual([]);
    at('2027-05-14T15:00:00.000Z');
    await onboardInSandbox(t, await memberAt(t, seller, clock));
    await round();
    expect((await rowsOf(seller.sellerId)).map((row) => [row.period, row.status, row.amountCents])).toEqual([
      ['2027-04', 'paid', 7_000],
    ]);
  });

  it('takes a refund after a transfer below zero, carries the debt over and recovers it from later sales', async () => {
    at('2027-06-02T09:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 10_000);
    const { order, item } = await sell(t, deal, clock);
    await onboardInSandbox(t, seller);
    at('2027-07-01T00:05:00.000Z');
    await round();
    // An admin refunds the item on the buyer's behalf after the transfer: the $70 comes back.
    at('2027-07-03T10:00:00.000Z');
    const admin = await createAdminWithSession(t.db, clock);
    const refund = await callApi(
      t.app,
      'admin/refundItem',
      { orderId: order.id, itemId: item.id, reason: 'The tool never worked' },
      admin,
    );
    expect(refund.status).toBe(200);
    let member = await memberAt(t, seller, clock);
    expect((await payoutsOf(t, member)).balance.payableCents).toBe(-7_000);

    at('2027-07-20T10:00:00.000Z');
    await sell(t, deal, clock);
    at('2027-08-01T00:05:00.000Z');
    await round();
    at('2027-08-10T10:00:00.000Z');
    await sell(t, deal, clock);
    await sell(t, deal, clock);
    at('2027-09-01T00:05:00.000Z');
    await round();
    expect((await rowsOf(seller.sellerId)).map((row) => [row.period, row.status, row.amountCents])).toEqual([
      ['2027-06', 'paid', 7_000],
      ['2027-07', 'carried_over', 0],
      ['2027-08', 'paid', 14_000],
    ]);
    member = await memberAt(t, seller, clock);
    const view = await payoutsOf(t, member);
    expect(view.balance.payableCents).toBe(0);
  });

  it('shows every transfer to an admin, newest first, with filters and the sums by state', async () => {
    const admin = await createAdminWithSession(t.db, clock);
    const all = await callApi<AdminPayouts>(t.app, 'admin/getPayouts', {}, admin);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    const times = all.body.data.transfers.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.data.transfers[0]).toMatchObject({ seller: { name: expect.any(String) } });
    const paid = await callApi<AdminPayouts>(t.app, 'admin/getPayouts', { status: 'paid' }, admin);
    expect(paid.body.data.transfers.every((row) => row.status === 'paid')).toBe(true);
    const sum = paid.body.data.transfers.reduce((total, row) => total + row.amountCents, 0);
    expect(all.body.data.sums.find((row) => row.status === 'paid')).toMatchObject({ amountCents: sum });
  });
});
