import { HttpErrorMessage, type Order, OrderMessage, PaymentMessage } from '@everdeal/contracts';
import {
  cartItems,
  licenseCodes,
  mailOutbox,
  moneyMovements,
  orderItemCodes,
  orders,
  plans,
  products,
} from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserWithSession, decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  addCard,
  availableCodes as available,
  cartOf as cartOfIn,
  checkout,
  createBuyer,
  createDeal,
  emailOf as emailIn,
  fillCart,
  newKey,
  SANDBOX_TEST_CARDS,
  sandboxLedgerOf,
} from '../../../test/shop';
import { createSession } from '../users/sessions';

const DAY_MS = 86_400_000;
let clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const cartOf = (token: string) => cartOfIn(t, token);
const availableCodes = (planId: number) => available(t.db, planId);
const ledgerOf = (userId: string) => sandboxLedgerOf(t.db, userId);
const emailOf = (userId: string) => emailIn(t.db, userId);
const mailRowsOf = (userId: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));

async function expectRefused(
  response: Awaited<ReturnType<typeof checkout>>,
  status: number,
  msg: string | RegExp,
): Promise<void> {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.code).toBe(status);
  if (typeof msg === 'string') expect(response.body.msg).toBe(msg);
  else expect(response.body.msg).toMatch(msg);
  expect(response.body.data).toBeNull();
}

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

  it.each([
    [SANDBOX_TEST_CARDS.declined, PaymentMessage.cardDeclined],
    [SANDBOX_TEST_CARDS.insufficientFunds, PaymentMessage.insufficientFunds],
  ])('card %s: 402 with its message, the cart as it was, every code back in the pool', async (number, message) => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 5 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 2 }], number);
    const before = await cartOf(buyer.token);
    const key = newKey();

    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key }),
      402,
      message,
    );
    expect(await cartOf(buyer.token)).toEqual(before);
    expect(await availableCodes(plan.id)).toBe(5);
    const ledger = await ledgerOf(buyer.userId);
    expect(ledger.map((row) => row.status)).toEqual(['failed']);
    const links = await t.db
      .select()
      .from(orderItemCodes)
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(eq(licenseCodes.planId, plan.id));
    expect(links).toEqual([]);
    // A failed attempt is no order of the buyer's, and mails them no receipt.
    const list = await callApi<{ orders: Order[] }>(t.app, 'orders/getOrders', {}, { token: buyer.token });
    expect(list.body.data.orders).toEqual([]);
    expect(await mailRowsOf(buyer.userId)).toEqual([]);

    // The same key answers the same refusal without asking the provider again.
    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key }),
      402,
      message,
    );
    expect(await ledgerOf(buyer.userId)).toHaveLength(1);

    // Another card and a new key buy the same cart.
    const good = await addCard(t.app, buyer.token);
    const paidKey = newKey();
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: good.id, idempotencyKey: paidKey });
    expect(paid.status).toBe(200);
    expect(paid.body.data.order.items[0]?.codes).toHaveLength(2);
    expect(await availableCodes(plan.id)).toBe(3);
    // One receipt, for the order that was paid; a replay of its key queues none more.
    expect((await checkout(t.app, buyer.token, { paymentMethodId: good.id, idempotencyKey: paidKey })).status).toBe(
      200,
    );
    expect((await mailRowsOf(buyer.userId)).map((row) => row.key)).toEqual([`receipt:${paid.body.data.order.id}`]);
  });

  it('an empty cart is 400 "Your cart is empty" and makes no order', async () => {
    const { userId, token } = await createUserWithSession(t.db, clock);
    const card = await addCard(t.app, token);
    await expectRefused(
      await checkout(t.app, token, { paymentMethodId: card.id, idempotencyKey: newKey() }),
      400,
      OrderMessage.cartEmpty,
    );
    expect(await t.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  it('a sold-out plan is 409 naming the product and plan; nothing is reserved or charged', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Scarce Tool', plans: [{ name: 'Solo', codes: 3 }] });
    const line = { productId: product.id, variantId: plan.id, quantity: 3 };
    // The cart takes no more than is left (requirements §9), so the pool shrinks after the add:
    // another sale takes one of the three codes.
    const buyer = await createBuyer(t.app, t.db, [line]);
    const [taken] = await t.db
      .select({ id: licenseCodes.id })
      .from(licenseCodes)
      .where(eq(licenseCodes.planId, plan.id))
      .limit(1);
    if (!taken) throw new Error('the deal has no code');
    await t.db
      .update(licenseCodes)
      .set({ status: 'allocated', allocatedAt: clock })
      .where(eq(licenseCodes.id, taken.id));
    const before = await cartOf(buyer.token);
    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
      409,
      'Only 2 codes of Scarce Tool (Solo) are left',
    );
    expect(await availableCodes(plan.id)).toBe(2);
    expect(await cartOf(buyer.token)).toEqual(before);
    expect(await ledgerOf(buyer.userId)).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);

    // Someone else buys the last two: now it is sold out.
    const other = await createBuyer(t.app, t.db, [{ ...line, quantity: 2 }]);
    const bought = await checkout(t.app, other.token, { paymentMethodId: other.card.id, idempotencyKey: newKey() });
    expect(bought.status).toBe(200);
    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
      409,
      OrderMessage.soldOut('Scarce Tool', 'Solo'),
    );
    expect(await ledgerOf(buyer.userId)).toEqual([]);
  });

  it('upcoming and ended deals are refused with 409; an unpublished product is left out like the cart leaves it out', async () => {
    const { product: soon, plan: soonPlan } = await createDeal(t.db, { name: 'Soon Deal' });
    const { product: over, plan: overPlan } = await createDeal(t.db, {
      name: 'Over Deal',
      endsAt: new Date(clock.getTime() + DAY_MS),
    });
    const { product: hidden, plan: hiddenPlan } = await createDeal(t.db, { name: 'Hidden Deal' });
    const { product: live, plan: livePlan } = await createDeal(t.db, { name: 'Live Deal' });
    const buyer = await createBuyer(t.app, t.db, [{ productId: soon.id, variantId: soonPlan.id, quantity: 1 }]);
    const pay = () => checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });

    await t.db.update(products).set({ dealStatus: 'upcoming' }).where(eq(products.id, soon.id));
    await expectRefused(await pay(), 409, OrderMessage.notPurchasable('Soon Deal'));
    await fillCart(t.app, buyer.token, [{ productId: soon.id, variantId: soonPlan.id, quantity: 0 }]);

    await fillCart(t.app, buyer.token, [{ productId: over.id, variantId: overPlan.id, quantity: 1 }]);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    try {
      await expectRefused(await pay(), 409, OrderMessage.notPurchasable('Over Deal'));
    } finally {
      clock = new Date(clock.getTime() - 2 * DAY_MS);
    }
    await t.db.delete(cartItems).where(eq(cartItems.userId, buyer.userId));

    await fillCart(t.app, buyer.token, [{ productId: hidden.id, variantId: hiddenPlan.id, quantity: 1 }]);
    await t.db.update(products).set({ isPublished: false }).where(eq(products.id, hidden.id));
    await expectRefused(await pay(), 400, OrderMessage.cartEmpty);
    await fillCart(t.app, buyer.token, [{ productId: live.id, variantId: livePlan.id, quantity: 1 }]);
    const paid = await pay();
    expect(paid.status).toBe(200);
    expect(paid.body.data.order.items.map((item) => item.productName)).toEqual(['Live Deal']);
    expect(await availableCodes(hiddenPlan.id)).toBe(25);
    expect(await ledgerOf(buyer.userId)).toHaveLength(1);
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

  it('a card that expired since it was saved is declined: 402 "Your card has expired."', async () => {
    const { product, plan } = await createDeal(t.db);
    const { userId, token } = await createUserWithSession(t.db, clock);
    const { status, body } = await callApi<{ id: string }>(
      t.app,
      'payments/addPaymentMethod',
      {
        card: {
          number: SANDBOX_TEST_CARDS.succeeds,
          expMonth: clock.getUTCMonth() + 1,
          expYear: clock.getUTCFullYear(),
          cvc: '123',
        },
      },
      { token },
    );
    expect(status).toBe(200);
    await fillCart(t.app, token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const later = new Date(clock.getTime() + 40 * DAY_MS);
    const saved = clock;
    clock = later;
    try {
      // A session of that later day: the first one would have expired by then.
      const laterToken = await createSession(t.db, userId, later);
      await expectRefused(
        await checkout(t.app, laterToken, { paymentMethodId: body.data.id, idempotencyKey: newKey() }),
        402,
        PaymentMessage.cardExpired,
      );
    } finally {
      clock = saved;
    }
    expect((await ledgerOf(userId)).map((row) => row.failureCode)).toEqual(['expired_card']);
    expect(await availableCodes(plan.id)).toBe(25);
  });

  it('pays only with one of the caller’s own cards: 404 "Payment method not found" otherwise', async () => {
    const { product, plan } = await createDeal(t.db);
    const owner = await createBuyer(t.app, t.db, []);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    await expectRefused(
      await checkout(t.app, buyer.token, { paymentMethodId: owner.card.id, idempotencyKey: newKey() }),
      404,
      PaymentMessage.paymentMethodNotFound,
    );
    expect(await ledgerOf(owner.userId)).toEqual([]);
    expect(await ledgerOf(buyer.userId)).toEqual([]);
    expect(await availableCodes(plan.id)).toBe(25);
  });

  it.each([
    [{ idempotencyKey: 'short' }, 'idempotencyKey: must be at least 8 characters'],
    [{ idempotencyKey: 'x'.repeat(256) }, 'idempotencyKey: must be at most 255 characters'],
    [{ idempotencyKey: 'has a space' }, 'idempotencyKey: must be visible ASCII characters without spaces'],
    [{ idempotencyKey: undefined }, /^idempotencyKey: /],
    [{ paymentMethodId: 'pm_123' }, 'paymentMethodId: must be a payment method id'],
  ])('%j is a 422 naming the field', async (override, message) => {
    const { token } = await createUserWithSession(t.db, clock);
    const payload = { paymentMethodId: '00000000-0000-4000-8000-000000000000', idempotencyKey: newKey(), ...override };
    await expectRefused(await checkout(t.app, token, payload), 422, message);
  });
});
