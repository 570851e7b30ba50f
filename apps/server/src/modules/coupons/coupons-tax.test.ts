// A coupon with VAT, store credit, the sellers' sale money and the invoice (decisions 037, 030,
// 036, 038 under decision 040), through HTTP and the real database.
import type { CartContents, CheckoutTotals, CouponResult, Wallet } from '@everdeal/contracts';
import { invoices, orderItems } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { checkout, createBuyer, createDeal, newKey } from '../../../test/shop';
import { queryRows } from '../../lib/query-rows';
import { itemNamed, saleMoney } from '../sellers/sale-money.sql';

const clock = new Date('2026-11-28T10:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

async function couponFor(input: Record<string, unknown>): Promise<string> {
  const code = `TAX-${newKey().slice(4, 12)}`;
  const response = await callApi<CouponResult>(t.app, 'admin/createCoupon', { code, ...input }, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return code;
}

async function buyerOf(priceCents: number, quantity = 1) {
  const { product, plan } = await createDeal(t.db, { plans: [{ priceCents, codes: 5 }] });
  const buyer = await createBuyer(
    t.app,
    t.db,
    [{ productId: product.id, variantId: plan.id, quantity }],
    undefined,
    clock,
  );
  return { buyer, product };
}

describe('a coupon with VAT, store credit, sale money and the invoice', () => {
  it('VAT is on the discounted price; the totals, the charge, the sale money and the invoice agree', async () => {
    const { buyer } = await buyerOf(5000, 2);
    const billing = await callApi(
      t.app,
      'users/updateBillingProfile',
      { country: 'DE', city: 'Berlin' },
      {
        token: buyer.token,
      },
    );
    expect(billing.status).toBe(200);
    const code = await couponFor({ percentOff: 30 });
    const cart = (await callApi<CartContents>(t.app, 'cart/applyCoupon', { code }, { token: buyer.token })).body.data;
    expect(cart.totalPrice).toBe(7000);
    const totals = (await callApi<CheckoutTotals>(t.app, 'orders/getCheckoutTotals', {}, { token: buyer.token })).body
      .data;
    // 19% of 7000 is 1330.
    expect(totals).toEqual(expect.objectContaining({ subtotalCents: 7000, taxCents: 1330, totalWithTaxCents: 8330 }));

    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 8330,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { order } = response.body.data;
    expect(order).toEqual(expect.objectContaining({ total: 7000, taxCents: 1330 }));
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    if (!item) throw new Error('no item');
    expect(item).toEqual(expect.objectContaining({ amountCents: 7000, discountCents: 3000, taxCents: 1330 }));
    // The seller's sale money (decision 036) is the price paid, without the VAT.
    const money = await queryRows<{ kind: string; amount_cents: number }>(
      t.db,
      sql`select kind, amount_cents from ${saleMoney(itemNamed(sql`${item.id}::uuid`))} s`,
    );
    expect(money.map((row) => [row.kind, Number(row.amount_cents)])).toEqual([['charge', 7000]]);
    // The invoice (decision 038) prints the line at what was paid and says the discount.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.totalCents).toBe(8330);
    expect(invoice?.document).toMatchObject({
      lines: [{ amountCents: 7000, discountCents: 3000, unitPriceCents: 5000 }],
    });
    await expectLedgerBalanced(t.db);
  });

  it('store credit pays first on the discounted total; the card pays the rest', async () => {
    const { buyer } = await buyerOf(6000);
    const grant = await callApi(
      t.app,
      'admin/grantCredit',
      { userId: buyer.userId, amountCents: 1000, note: 'goodwill' },
      { token: admin.token },
    );
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const code = await couponFor({ amountOffCents: 2000 });
    await callApi(t.app, 'cart/applyCoupon', { code }, { token: buyer.token });
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      useCredit: true,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.order).toEqual(expect.objectContaining({ total: 4000, paidWithCreditCents: 1000 }));
    const wallet = await callApi<Wallet>(t.app, 'wallet/getWallet', {}, { token: buyer.token });
    expect(wallet.body.data.balanceCents).toBe(0);
    await expectLedgerBalanced(t.db);
  });
});
