// The paid path of orders/checkout; its refusals (declined, expired or foreign cards, an empty
// cart, a sold-out plan, deals not live, invalid fields) are in checkout-refusals.test.ts.
import { HttpErrorMessage } from '@everdeal/contracts';
import { licenseCodes, moneyMovements, plans } from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { checkout, createBuyer, createDeal, newKey, shopReads } from '../../../test/shop';

const DAY_MS = 86_400_000;
const clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const { cartOf, availableCodes, ledgerOf, emailOf, mailRowsOf } = shopReads(() => t);

describe('login', () => {
  it.each([
    'orders/checkout',
    'orders/getOrders',
    'orders/getOrder',
    'orders/getOrderItem',
    'orders/setCodeRedeemed',
    'payments/addPaymentMethod',
    'payments/getPaymentMethods',
    'payments/removePaymentMethod',
    'payments/setDefaultPaymentMethod',
  ])('%s answers 401 "User not logged in" without a session', async (path) => {
    const { status, body } = await callApi(t.app, path, {});
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, msg: HttpErrorMessage[401], data: null });
  });
});

describe('orders/checkout', () => {
  it('turns the whole cart into one paid order: a code per unit, one charge, a row per item, the cart emptied, a receipt', async () => {
    const { product: tool, plan: tier1 } = await createDeal(t.db, {
      name: 'Quill Checkout',
      plans: [
        { name: 'Tier 1', priceCents: 5900, originalPriceCents: 29500 },
        { name: 'Tier 2', priceCents: 11900, originalPriceCents: 59500 },
      ],
    });
    const tier2 = tool.plans[1];
    const { product: service, plan: monthly } = await createDeal(t.db, {
      name: 'Monthly Checkout',
      refundWindowDays: 30,
      plans: [
        { name: 'Monthly', kind: 'subscription', billingInterval: 'month', priceCents: 900, originalPriceCents: 2900 },
      ],
    });
    if (!tier2) throw new Error('no tier 2');
    const buyer = await createBuyer(t.app, t.db, [
      { productId: tool.id, variantId: tier1.id, quantity: 2 },
      { productId: tool.id, variantId: tier2.id, quantity: 1 },
      { productId: service.id, variantId: monthly.id, quantity: 1 },
    ]);
    const cart = await cartOf(buyer.token);

    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { order, paymentAction } = response.body.data;
    expect(paymentAction).toBeNull();
    expect(order).toMatchObject({
      status: 'paid',
      total: 2 * 5900 + 11900 + 900,
      originalTotal: 2 * 29500 + 59500 + 2900,
      discount: cart.totalDiscount,
      currency: 'USD',
      payment: { brand: 'visa', last4: '4242' },
    });
    expect(order.total).toBe(cart.totalPrice);
    expect(order.paidAt).toBe(clock.toISOString());
    expect(
      order.items.map((item) => [item.productName, item.planName, item.quantity, item.price, item.amount]),
    ).toEqual([
      ['Quill Checkout', 'Tier 1', 2, 5900, 11800],
      ['Quill Checkout', 'Tier 2', 1, 11900, 11900],
      ['Monthly Checkout', 'Monthly', 1, 900, 900],
    ]);
    for (const item of order.items) {
      expect(item.orderId).toBe(order.id);
      expect(item.status).toBe('active');
      expect(item.codes).toHaveLength(item.quantity);
      expect(item.codes.every((code) => code.status === 'active' && code.redeemedAt === null)).toBe(true);
      expect(item.redemptionUrl).toMatch(/^https:\/\/.+\/redeem$/);
    }
    const [first, , subscription] = order.items;
    expect(first?.refundableUntil).toBe(new Date(clock.getTime() + 60 * DAY_MS).toISOString());
    expect(first?.currentPeriodEnd).toBeNull();
    expect(subscription?.refundableUntil).toBe(new Date(clock.getTime() + 30 * DAY_MS).toISOString());
    expect(subscription?.currentPeriodStart).toBe(clock.toISOString());
    const periodEnd = new Date(clock);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect(new Date(subscription?.currentPeriodEnd ?? 0).getUTCMonth()).toBe(periodEnd.getUTCMonth());

    // The codes are allocated to this order and to nothing else.
    const codes = order.items.flatMap((item) => item.codes.map((code) => code.code));
    expect(new Set(codes).size).toBe(4);
    const rows = await t.db
      .select({ status: licenseCodes.status, allocatedAt: licenseCodes.allocatedAt })
      .from(licenseCodes)
      .where(inArray(licenseCodes.code, codes));
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.status === 'allocated' && row.allocatedAt?.getTime() === clock.getTime())).toBe(
      true,
    );

    // The provider was charged once, the total; one charge row per item names that payment.
    const ledger = await ledgerOf(buyer.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'charge', status: 'succeeded', amountCents: order.total, currency: 'USD' });
    const movements = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id));
    expect(movements.map((row) => [row.kind, row.orderItemId, row.amountCents, row.providerReference]).sort()).toEqual(
      order.items.map((item) => ['charge', item.id, item.amount, ledger[0]?.id]).sort(),
    );

    expect((await cartOf(buyer.token)).items).toEqual([]);

    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(buyer.userId), /Subject: Your Everdeal receipt for order/),
    );
    for (const code of codes) expect(mail).toContain(code);
    for (const item of order.items) expect(mail).toContain(`http://localhost:3000/order/${order.id}/${item.id}`);
    expect(mail).toContain('You paid $246 with Visa ending in 4242');
    // Queued by the payment itself (decision 029), as a transactional mail: no unsubscribe.
    await vi.waitFor(async () => expect(await mailRowsOf(buyer.userId)).toMatchObject([{ status: 'sent' }]));
    expect(await mailRowsOf(buyer.userId)).toMatchObject([
      { key: `receipt:${order.id}`, kind: 'receipt', attempts: 1, createdAt: clock, sentAt: clock },
    ]);
    expect(mail).not.toMatch(/unsubscribe/i);
  });

  it('charges the price in the database at checkout, never one from the client; a lower one than the cart showed is simply charged', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ priceCents: 5900, originalPriceCents: 19900 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
    expect((await cartOf(buyer.token)).totalPrice).toBe(11800);
    await t.db.update(plans).set({ priceCents: 3900 }).where(eq(plans.id, plan.id));
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.status).toBe(200);
    expect(response.body.data.order.total).toBe(7800);
    expect((await ledgerOf(buyer.userId))[0]?.amountCents).toBe(7800);
    // A higher price than the cart showed is refused: checkout-prices.test.ts (decision 021).
  });

  it('stacks up to 9 codes of one plan in one order, all different', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 12 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 9 }]);
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.status).toBe(200);
    const codes = response.body.data.order.items[0]?.codes.map((code) => code.code) ?? [];
    expect(codes).toHaveLength(9);
    expect(new Set(codes).size).toBe(9);
    expect(await availableCodes(plan.id)).toBe(3);
  });

  it('a product without refunds (window 0) has no refund deadline', async () => {
    const { product, plan } = await createDeal(t.db, { refundWindowDays: 0 });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.body.data.order.items[0]).toMatchObject({ refundWindowDays: 0, refundableUntil: null });
  });
});
