// The refusals of orders/checkout: a declined, expired or foreign card, an empty cart, a sold-out
// plan, a deal that is not live, invalid fields. The paid path is in checkout.test.ts.
import { type Order, OrderMessage, PaymentMessage } from '@everdeal/contracts';
import { cartItems, licenseCodes, orderItemCodes, orders, products } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  addCard,
  checkout,
  createBuyer,
  createDeal,
  fillCart,
  newKey,
  SANDBOX_TEST_CARDS,
  shopReads,
} from '../../../test/shop';
import { createSession } from '../users/sessions';

const DAY_MS = 86_400_000;
let clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const { cartOf, availableCodes, ledgerOf, mailRowsOf } = shopReads(() => t);

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

describe('orders/checkout', () => {
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
