// The seller's analytics "Your share" against the payouts (decisions 014 and 025), through HTTP and
// the real database: prices whose 70% is not a whole cent, a unit refunded, a downgrade's partial
// refund, a sale with VAT and one paid partly with store credit. Analytics floors the share per
// charge as payouts.ts does, so its figure is what the payouts add up to: pending and payable
// while the refund windows are open, the statement's rows and the payable balance once closed.
import type { ChangePlanResult, SellerAnalytics, SellerSales, SellerSalesList, Statement } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { billInGermany, buy, checkout, createBuyer, createDeal, grantCredit, newKey } from '../../../test/shop';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-06-03T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const read = async <T>(path: string, seller: SellerMember, input: object = {}) => {
  const response = await callApi<T>(t.app, path, { sellerId: seller.sellerId, ...input }, { token: seller.token });
  expect(response.status, `${path}: ${response.body.msg}`).toBe(200);
  return response.body.data;
};

/** The numbers of each statement row (its `seller_share` column), every month from June to July. */
async function statementShares(seller: SellerMember): Promise<number[]> {
  const shares: number[] = [];
  for (const month of ['2026-06', '2026-07']) {
    const { csv } = await read<Statement>('seller/getStatement', seller, { month });
    for (const line of csv.trim().split('\r\n').slice(1)) {
      const cells = line.split(',');
      if (cells[1] === 'total') continue;
      shares.push(Math.round(Number(cells[9]) * 100));
    }
  }
  return shares;
}

describe('analytics’ “Your share” and the payouts', () => {
  it('agree to the cent after refunds, with shares that round', async () => {
    const seller = await createSellerWithMember(t.db);
    const admin = await createAdminWithSession(t.db, clock);
    const { product } = await createDeal(t.db, {
      sellerId: seller.sellerId,
      refundWindowDays: 14,
      plans: [
        { name: 'Basic', position: 0, priceCents: 999, originalPriceCents: 1998, codes: 20 },
        { name: 'Pro', position: 1, priceCents: 1999, originalPriceCents: 3998, codes: 20 },
      ],
    });
    const [basic, pro] = product.plans;
    if (!basic || !pro) throw new Error('two plans expected');
    const line = (plan: typeof basic, quantity = 1) => [{ productId: product.id, variantId: plan.id, quantity }];
    const buyer = () => createBuyer(t.app, t.db, [], undefined, clock);

    // $9.99 → 699, $19.99 → 1399, 2 × $19.99 → 2798 (one charge, floored once).
    await buy(t.app, await buyer(), line(basic));
    await buy(t.app, await buyer(), line(pro));
    await buy(t.app, await buyer(), line(pro, 2));
    // Refunded in full: nothing.
    const refunder = await buyer();
    const refunded = await buy(t.app, refunder, line(pro));
    // Downgraded to Basic: $10.00 back, $9.99 kept → 699.
    const downgrader = await buyer();
    const downgraded = await buy(t.app, downgrader, line(pro));
    // VAT is the store's: the seller's share is of $19.99 → 1399.
    const german = await buyer();
    await billInGermany(t.app, german);
    await buy(t.app, german, line(pro));
    // $10.01 of credit and $9.98 by card: two charges, 700 + 698.
    const creditBuyer = await buyer();
    await grantCredit(t.app, admin, creditBuyer.userId, 1001);
    const filled = await callApi(t.app, 'cart/change', line(pro)[0] as object, creditBuyer);
    expect(filled.status).toBe(200);
    const split = await checkout(t.app, creditBuyer.token, {
      useCredit: true,
      paymentMethodId: creditBuyer.card.id,
      idempotencyKey: newKey(),
    });
    expect(split.status, split.body.msg).toBe(200);
    expect(split.body.data.order).toMatchObject({ total: 1999, paidWithCreditCents: 1001 });

    clock = new Date(clock.getTime() + DAY_MS);
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: refunded.id, itemId: refunded.items[0]?.id },
      refunder,
    );
    expect(refund.status, refund.body.msg).toBe(200);
    const change = await callApi<ChangePlanResult>(
      t.app,
      'orders/changePlan',
      { orderId: downgraded.id, itemId: downgraded.items[0]?.id, variantId: basic.id, idempotencyKey: newKey() },
      downgrader,
    );
    expect(change.status, change.body.msg).toBe(200);
    expect(change.body.data.refundedCents).toBe(1000);

    const expected = 699 + 1399 + 2798 + 0 + 699 + 1399 + (700 + 698);
    const analyticsShare = async () =>
      (await read<SellerAnalytics>('seller/getAnalytics', seller, { days: 30 })).totals.revenueCents;

    // Inside the windows: everything is pending.
    expect(await analyticsShare()).toBe(expected);
    let sales = await read<SellerSales>('seller/getSales', seller);
    expect(sales.payouts.pendingCents + sales.payouts.payableCents).toBe(expected);
    const list = await read<SellerSalesList>('seller/getSalesList', seller, { page: 1 });
    expect(list.items.reduce((sum, row) => sum + row.shareCents, 0)).toBe(expected);

    // The windows close: the payouts' rows (statement lines) add up to the same figure.
    clock = new Date(clock.getTime() + 15 * DAY_MS);
    expect(await analyticsShare()).toBe(expected);
    sales = await read<SellerSales>('seller/getSales', seller);
    expect(sales.payouts).toMatchObject({ pendingCents: 0, payableCents: expected });
    const shares = await statementShares(seller);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(expected);
  });
});
