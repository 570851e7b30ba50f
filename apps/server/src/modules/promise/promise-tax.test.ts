// The lifetime promise (decision 031) of a purchase that carried VAT (decision 037), through HTTP and
// the real database: the holder's credit is what they paid, VAT included, and the seller returns
// that same amount, so the seller's payable falls by more than the sale added to it.
import type { LifetimePromiseResult, OrderItem, SellerPayouts } from '@everdeal/contracts';
import { moneyMovements, sellerAdjustments, walletEntries } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { payableDeal, payoutSeller } from '../../../test/payouts';
import { billInGermany, buy, createBuyer } from '../../../test/shop';

const PURCHASE_AT = new Date('2027-01-15T10:00:00.000Z');
let clock = PURCHASE_AT;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

describe('the protection of a taxed purchase', () => {
  it('credits the holder the price and its VAT, and takes the same from the seller', async () => {
    clock = PURCHASE_AT;
    const seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 10_000);
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    await billInGermany(t.app, buyer);
    const order = await buy(t.app, buyer, [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }]);
    const item = order.items[0] as OrderItem;
    expect(order).toMatchObject({ total: 10_000, taxCents: 1_900 });
    const [charge] = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(charge).toMatchObject({ kind: 'charge', amountCents: 11_900, taxCents: 1_900 });

    const payable = async () =>
      (await callApi<SellerPayouts>(t.app, 'seller/getPayouts', { sellerId: seller.sellerId }, seller)).body.data
        .balance.payableCents;
    // The seller was counted 70% of the price, never the VAT.
    expect(await payable()).toBe(7_000);

    clock = new Date('2027-01-25T10:00:00.000Z');
    const admin = await createAdminWithSession(t.db, clock);
    const shut = await callApi<LifetimePromiseResult>(
      t.app,
      'admin/shutDownProduct',
      { productId: deal.product.id, reason: 'The service has answered nothing but errors for a month.' },
      admin,
    );
    expect(shut.status, shut.body.msg).toBe(200);

    // "100% of what was paid": the buyer paid the price and its VAT.
    const credit = await t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, item.id));
    expect(credit.map((entry) => [entry.kind, entry.userId, entry.amountCents])).toEqual([
      ['protection', buyer.userId, 11_900],
    ]);
    // The seller funds the whole credit (decision 031), the VAT the store collected on it included.
    const adjustments = await t.db.select().from(sellerAdjustments).where(eq(sellerAdjustments.orderItemId, item.id));
    expect(adjustments.map((row) => [row.kind, row.amountCents])).toEqual([['protection', -11_900]]);
    expect(await payable()).toBe(7_000 - 11_900);
    await expectLedgerBalanced(t.db);
  });
});
