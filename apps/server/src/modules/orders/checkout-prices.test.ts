// Decision 021: the shopper pays what they were shown, or nothing; the refund window of an item
// is fixed when it is bought.
import { type OrderItem, OrderMessage } from '@everdeal/contracts';
import { cartItems, orders, plans, products } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  availableCodes,
  buy,
  cartOf,
  checkout,
  createBuyer,
  createDeal,
  newKey,
  sandboxLedgerOf,
} from '../../../test/shop';

const DAY_MS = 86_400_000;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const pay = (buyer: { token: string; card: { id: string } }, expectedTotal?: number) =>
  checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey(), ...{ expectedTotal } });

/** Nothing happened for the buyer: no order, no payment, every code still in the pool. */
async function expectNothingCharged(buyer: { userId: string }, planId: number, codes: number) {
  expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
  expect(await sandboxLedgerOf(t.db, buyer.userId)).toEqual([]);
  expect(await availableCodes(t.db, planId)).toBe(codes);
}

describe('checkout charges what the shopper was shown', () => {
  it('a price raised while the plan sat in the cart is refused with 409 naming it; after looking again, paying works', async () => {
    const { product, plan } = await createDeal(t.db, {
      name: 'Price Tool',
      plans: [{ name: 'Solo', priceCents: 9900, originalPriceCents: 19900, codes: 5 }],
    });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    expect((await cartOf(t, buyer.token)).totalPrice).toBe(9900);
    await t.db
      .update(plans)
      .set({ priceCents: 9_999_999, originalPriceCents: 19_999_900 })
      .where(eq(plans.id, plan.id));

    const refused = await pay(buyer);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 409,
      msg: OrderMessage.priceChanged('Price Tool', 'Solo', '$99', '$99,999.99'),
      data: null,
    });
    expect(refused.body.msg).toBe(
      'The price of Price Tool (Solo) changed from $99 to $99,999.99. You were not charged; please review your cart.',
    );
    await expectNothingCharged(buyer, plan.id, 5);

    // The shopper looks at the cart again (it now shows the new price) and confirms it.
    expect((await cartOf(t, buyer.token)).totalPrice).toBe(9_999_999);
    const paid = await pay(buyer, 9_999_999);
    expect(paid.status, paid.body.msg).toBe(200);
    expect(paid.body.data.order.total).toBe(9_999_999);
  });

  it('expectedTotal: another total on the server is 409 naming the line, the confirmed one pays', async () => {
    const { product, plan } = await createDeal(t.db, {
      name: 'Total Tool',
      plans: [{ name: 'Team', priceCents: 4900, originalPriceCents: 9900, codes: 5 }],
    });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
    expect((await cartOf(t, buyer.token)).totalPrice).toBe(9800);
    // Lowered: without expectedTotal it would simply be charged, but the shopper confirmed $98.
    await t.db.update(plans).set({ priceCents: 3900 }).where(eq(plans.id, plan.id));
    const lowered = await pay(buyer, 9800);
    expect([lowered.status, lowered.body.msg]).toEqual([
      409,
      OrderMessage.priceChanged('Total Tool', 'Team', '$49', '$39'),
    ]);
    await expectNothingCharged(buyer, plan.id, 5);

    // A total that matches no change of the cart (a stale page) names the totals.
    await cartOf(t, buyer.token);
    const stale = await pay(buyer, 5000);
    expect([stale.status, stale.body.msg]).toEqual([409, OrderMessage.totalChanged('$50', '$78')]);
    await expectNothingCharged(buyer, plan.id, 5);

    const paid = await pay(buyer, 7800);
    expect(paid.status, paid.body.msg).toBe(200);
    expect((await sandboxLedgerOf(t.db, buyer.userId)).map((row) => row.amountCents)).toEqual([7800]);
  });

  it('a refund window cut while the plan sat in the cart is refused with 409; after looking again, paying works', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Window Tool', plans: [{ name: 'Solo', codes: 5 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const [line] = (await cartOf(t, buyer.token)).items;
    expect(line?.refundWindowDays).toBe(60);
    await t.db.update(products).set({ refundWindowDays: 0 }).where(eq(products.id, product.id));

    const refused = await pay(buyer, line?.price);
    expect([refused.status, refused.body.msg]).toEqual([
      409,
      OrderMessage.refundWindowChanged('Window Tool', 'Solo', 'refundable for 60 days', 'no refunds'),
    ]);
    await expectNothingCharged(buyer, plan.id, 5);

    expect((await cartOf(t, buyer.token)).items[0]?.refundWindowDays).toBe(0);
    const paid = await pay(buyer, line?.price);
    expect(paid.status, paid.body.msg).toBe(200);
    expect(paid.body.data.order.items[0]?.refundWindowDays).toBe(0);
  });

  it('the cart records the price and window it showed: on adding a line and on every read by its owner', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ priceCents: 2900 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const shown = async () =>
      (
        await t.db
          .select({ price: cartItems.shownPriceCents, days: cartItems.shownRefundWindowDays })
          .from(cartItems)
          .where(eq(cartItems.userId, buyer.userId))
      )[0];
    expect(await shown()).toEqual({ price: 2900, days: 60 });
    await t.db.update(plans).set({ priceCents: 3900 }).where(eq(plans.id, plan.id));
    await t.db.update(products).set({ refundWindowDays: 30 }).where(eq(products.id, product.id));
    expect(await shown()).toEqual({ price: 2900, days: 60 });
    await cartOf(t, buyer.token);
    expect(await shown()).toEqual({ price: 3900, days: 30 });
  });
});

describe('the refund window of a bought item is fixed when it is bought', () => {
  it('the product’s window cut to 0 after the purchase: the buyer still refunds within the original window', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Kept Window', plans: [{ codes: 5 }] });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const item = order.items[0];
    if (!item) throw new Error('no item');
    expect(item.refundWindowDays).toBe(60);
    expect(item.refundableUntil).toBe(new Date(clock.getTime() + 60 * DAY_MS).toISOString());

    await t.db.update(products).set({ refundWindowDays: 0 }).where(eq(products.id, product.id));
    // Inside the 60 days bought (and inside the 30 days a session lasts).
    clock = new Date(clock.getTime() + 20 * DAY_MS);
    const shown = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(shown.body.data.item).toMatchObject({ refundWindowDays: 60, refundableUntil: item.refundableUntil });

    const refunded = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refunded.status, refunded.body.msg).toBe(200);
    expect(refunded.body.data.item.status).toBe('refunded');
  });
});
