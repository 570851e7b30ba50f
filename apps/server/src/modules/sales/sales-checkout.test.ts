// A sale's price where money moves (decision 042): the cart, the checkout totals, the charge, the
// VAT, a coupon on top, refunds, the sellers' share and the invoice, and a sale that ended
// between the cart and the payment. Through HTTP and the real database.
import {
  type CartContents,
  type CheckoutTotals,
  type CouponResult,
  type OrderItem,
  OrderMessage,
  type SaleEventResult,
  type SellerDashboard,
} from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { invoices, moneyMovements, orderItems, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { createSellerWithMember } from '../../../test/seller';
import { cartOf, checkout, createBuyer, createDeal, newKey } from '../../../test/shop';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
// Sales are store-wide: each test moves the clock to days of its own.
// In the past: sessions made now (by real time) stay valid at every moment the tests move to.
let clock = new Date('2026-03-01T10:00:00Z');
const at = (offsetMs: number) => new Date(clock.getTime() + offsetMs).toISOString();
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

function nextDay() {
  clock = new Date(clock.getTime() + 5 * DAY_MS);
}

async function runningSale(percentOff: number, hours = 6) {
  const response = await callApi<SaleEventResult>(
    t.app,
    'admin/createSale',
    { name: 'Test sale', percentOff, startsAt: at(-HOUR_MS), endsAt: at(hours * HOUR_MS) },
    { token: admin.token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.sale;
}

/** A deal of a seller with a member, and a buyer with `quantity` of it in the cart. */
async function buyerOf(priceCents: number, quantity = 1) {
  const member = await createSellerWithMember(t.db);
  const { product, plan } = await createDeal(t.db, {
    sellerId: member.sellerId,
    plans: [{ priceCents, originalPriceCents: priceCents * 4, codes: 9 }],
  });
  const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity }]);
  return { buyer, product, plan, member };
}

async function totalsOf(token: string): Promise<CheckoutTotals> {
  const response = await callApi<CheckoutTotals>(t.app, 'orders/getCheckoutTotals', {}, { token });
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('a sale in the cart and at checkout', () => {
  it('the cart, the totals, the charge, the item and the seller’s share follow the sale price', async () => {
    nextDay();
    const sale = await runningSale(20);
    const { buyer, member } = await buyerOf(4999, 2);
    const cart = await cartOf(t, buyer.token);
    // 4999 × 0.8 = 3999.2 → 3999 a unit.
    expect(cart.items[0]).toEqual(
      expect.objectContaining({
        price: 3999,
        regularPrice: 4999,
        originalPrice: 19_996,
        sale: { id: sale.id, name: 'Test sale', percentOff: 20, endsAt: sale.endsAt },
      }),
    );
    expect(cart.totalPrice).toBe(7998);
    expect((await totalsOf(buyer.token)).totalWithTaxCents).toBe(7998);

    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 7998,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { order } = response.body.data;
    expect(order.total).toBe(7998);
    expect(order.items[0]).toEqual(expect.objectContaining({ price: 3999, amount: 7998, saleDiscount: 2000 }));
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toEqual(
      expect.objectContaining({
        unitPriceCents: 3999,
        amountCents: 7998,
        discountCents: 0,
        saleId: sale.id,
        saleDiscountCents: 2000,
      }),
    );
    const charges = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id));
    expect(charges.map((charge) => charge.amountCents)).toEqual([7998]);
    // The seller's 70% is of what the buyer paid (decision 036), not of the list price.
    const dashboard = await callApi<SellerDashboard>(
      t.app,
      'seller/getDashboard',
      { sellerId: member.sellerId },
      { token: member.token },
    );
    expect(dashboard.body.data.payouts.pendingCents).toBe(Math.floor((7998 * 70) / 100));
    // The invoice line is at the sale price and says the sale's discount.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.document).toMatchObject({
      lines: [{ unitPriceCents: 3999, amountCents: 7998, saleDiscountCents: 2000, discountCents: 0 }],
    });
    await expectLedgerBalanced(t.db);
  });

  it('VAT is on the sale price; a refund returns what was paid', async () => {
    nextDay();
    await runningSale(30);
    const { buyer } = await buyerOf(10_000);
    const billing = await callApi(
      t.app,
      'users/updateBillingProfile',
      { country: 'DE', city: 'Berlin' },
      {
        token: buyer.token,
      },
    );
    expect(billing.status).toBe(200);
    // 7000 at 19%: 1330.
    expect(await totalsOf(buyer.token)).toEqual(
      expect.objectContaining({ subtotalCents: 7000, taxCents: 1330, totalWithTaxCents: 8330 }),
    );
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 8330,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { order } = response.body.data;
    expect(order).toEqual(expect.objectContaining({ total: 7000, taxCents: 1330 }));
    const item = order.items[0] as OrderItem;
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      {
        token: buyer.token,
      },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunds = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id));
    expect(refunds.filter((row) => row.kind === 'refund').map((row) => row.amountCents)).toEqual([8330]);
    await expectLedgerBalanced(t.db);
  });

  it('a coupon discounts the sale price: the sale first, then the coupon', async () => {
    nextDay();
    await runningSale(20);
    const { buyer } = await buyerOf(10_000);
    const code = `SALE-${newKey().slice(4, 12)}`;
    const coupon = await callApi<CouponResult>(
      t.app,
      'admin/createCoupon',
      { code, percentOff: 10 },
      {
        token: admin.token,
      },
    );
    expect(coupon.status).toBe(200);
    const cart = (await callApi<CartContents>(t.app, 'cart/applyCoupon', { code }, { token: buyer.token })).body.data;
    // 10000 → 8000 in the sale, then 10% of 8000 = 800 off.
    expect(cart.items[0]?.price).toBe(8000);
    expect(cart.discounts).toEqual([{ code: code.toUpperCase(), amountCents: 800 }]);
    expect(cart.totalPrice).toBe(7200);
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 7200,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, response.body.data.order.id));
    expect(item).toEqual(
      expect.objectContaining({ unitPriceCents: 8000, discountCents: 800, saleDiscountCents: 2000, amountCents: 7200 }),
    );
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, response.body.data.order.id));
    expect(invoice?.document).toMatchObject({ lines: [{ saleDiscountCents: 2000, discountCents: 800 }] });
    await expectLedgerBalanced(t.db);
  });

  it('a product its seller keeps out is charged its list price during the sale', async () => {
    nextDay();
    await runningSale(40);
    const { buyer, product, member } = await buyerOf(5000);
    const out = await callApi(
      t.app,
      'seller/setSaleOptOut',
      { productId: product.id, optOut: true },
      {
        token: member.token,
      },
    );
    expect(out.status).toBe(200);
    const cart = await cartOf(t, buyer.token);
    expect(cart.items[0]).toEqual(expect.objectContaining({ price: 5000, regularPrice: 5000, sale: null }));
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 5000,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.order.items[0]).toEqual(expect.objectContaining({ price: 5000, saleDiscount: 0 }));
  });

  it('a sale that ended between the cart and the payment: the confirmed total is refused, nothing charged', async () => {
    nextDay();
    const sale = await runningSale(25, 1);
    const { buyer, product, plan } = await buyerOf(8000);
    const shown = await cartOf(t, buyer.token);
    expect(shown.totalPrice).toBe(6000);
    // The shopper confirms the sale total; the sale ends before the payment reaches the server.
    clock = new Date(Date.parse(sale.endsAt));
    const late = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 6000,
    });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(
      OrderMessage.priceChanged(product.name, plan.name, formatMoney(6000), formatMoney(8000)),
    );
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
    // Without a confirmed total the raised price is refused too (decision 021).
    const unconfirmed = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
    });
    expect(unconfirmed.status).toBe(409);
    // The cart now shows the list price; confirming it pays it.
    const again = await cartOf(t, buyer.token);
    expect(again.items[0]).toEqual(expect.objectContaining({ price: 8000, sale: null }));
    const paid = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 8000,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order.items[0]).toEqual(expect.objectContaining({ price: 8000, saleDiscount: 0 }));
    await expectLedgerBalanced(t.db);
  });
});
