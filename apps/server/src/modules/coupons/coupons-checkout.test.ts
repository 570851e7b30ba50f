// Checkout with a coupon (decision 040): discounted orders, refunds, returned and refused uses.
import { type CartContents, type CheckoutTotals, CouponMessage, type OrderItem } from '@everdeal/contracts';
import { cartCoupons, couponRedemptions, coupons, moneyMovements, orderItems, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { addCard, checkout, createBuyer, createDeal, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';
import { uniqueCode, useCouponTestApp } from './coupon-test-kit';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
const kit = useCouponTestApp(() => clock);
const { adminCoupon, applied, buyerWithDeal, pay } = kit;

describe('checkout with a coupon', () => {
  it('a percentage: the order and its item carry the discount, the card is charged the total after it', async () => {
    const { buyer } = await buyerWithDeal(4999, 3);
    const code = uniqueCode();
    await adminCoupon({ code, percentOff: 15 });
    const cart = await applied(buyer.token, code);
    const response = await pay(buyer, { expectedTotal: cart.totalPrice });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const order = response.body.data.order;
    // 14997 × 15% = 2249.55, half up to 2250.
    expect(order.total).toBe(14_997 - 2250);
    expect(order.items[0]?.amount).toBe(14_997 - 2250);
    const [row] = await kit.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual(expect.objectContaining({ couponCode: code.toUpperCase(), discountCents: 2250 }));
    const [item] = await kit.t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toEqual(expect.objectContaining({ discountCents: 2250, amountCents: 12_747, unitPriceCents: 4999 }));
    const charges = await kit.t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id));
    expect(charges.map((charge) => charge.amountCents)).toEqual([12_747]);
    const [coupon] = await kit.t.db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
    expect(coupon?.uses).toBe(1);
    // The coupon left the cart with the lines it bought.
    expect(await kit.t.db.select().from(cartCoupons).where(eq(cartCoupons.userId, buyer.userId))).toEqual([]);
    await expectLedgerBalanced(kit.t.db);
  });

  it('an amount off is spread over the eligible lines by largest remainder; other lines pay full price', async () => {
    const a = await createDeal(kit.t.db, { plans: [{ priceCents: 1000 }] });
    const b = await createDeal(kit.t.db, { plans: [{ priceCents: 2000 }] });
    const c = await createDeal(kit.t.db, { plans: [{ priceCents: 3000 }] });
    const buyer = await createBuyer(
      kit.t.app,
      kit.t.db,
      [
        { productId: a.product.id, variantId: a.plan.id, quantity: 1 },
        { productId: b.product.id, variantId: b.plan.id, quantity: 1 },
        { productId: c.product.id, variantId: c.plan.id, quantity: 1 },
      ],
      undefined,
      clock,
    );
    const code = uniqueCode();
    await adminCoupon({ code, amountOffCents: 1001, productIds: [a.product.id, b.product.id] });
    const cart = await applied(buyer.token, code);
    expect(cart.discounts).toEqual([{ code: code.toUpperCase(), amountCents: 1001 }]);
    const response = await pay(buyer);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = await kit.t.db.select().from(orderItems).where(eq(orderItems.orderId, response.body.data.order.id));
    const discountOf = (productId: number) => items.find((item) => item.productId === productId)?.discountCents;
    // 1001 × 1000/3000 = 333.67 and × 2000/3000 = 667.33: the larger remainder gets the cent.
    expect([discountOf(a.product.id), discountOf(b.product.id), discountOf(c.product.id)]).toEqual([334, 667, 0]);
    expect(response.body.data.order.total).toBe(6000 - 1001);
    await expectLedgerBalanced(kit.t.db);
  });

  it('an amount off never takes more than the eligible lines cost', async () => {
    const { buyer } = await buyerWithDeal(700);
    const code = uniqueCode();
    await adminCoupon({ code, amountOffCents: 5000, maxUses: 10 });
    const cart = await applied(buyer.token, code);
    expect(cart.discounts).toEqual([{ code: code.toUpperCase(), amountCents: 700 }]);
    expect(cart.totalPrice).toBe(0);
  });

  it('a refund of a discounted item returns what was paid for it; the seller’s sale money is on the price paid', async () => {
    const { buyer } = await buyerWithDeal(8000, 2);
    const code = uniqueCode();
    await adminCoupon({ code, amountOffCents: 3000 });
    await applied(buyer.token, code);
    const response = await pay(buyer);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { order } = response.body.data;
    const item = order.items[0];
    if (!item) throw new Error('no item');
    // Sale money is counted on the money rows (decision 036): the charge row is the paid price.
    const [charge] = await kit.t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(charge?.amountCents).toBe(13_000);
    clock = new Date(clock.getTime() + DAY_MS);
    const refund = await callApi<{ item: OrderItem }>(
      kit.t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const rows = await kit.t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(rows.filter((row) => row.kind === 'refund').map((row) => row.amountCents)).toEqual([13_000]);
    await expectLedgerBalanced(kit.t.db);
  });

  it('used up between the cart and checkout: 409 with the reason, nothing charged, the coupon off the cart', async () => {
    const code = uniqueCode();
    const { product, plan, buyer: first } = await buyerWithDeal(5000);
    await adminCoupon({ code, percentOff: 50, maxUses: 1, productIds: [product.id] });
    const second = await createBuyer(
      kit.t.app,
      kit.t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      undefined,
      clock,
    );
    await applied(first.token, code);
    await applied(second.token, code);
    expect((await pay(first)).status).toBe(200);

    const late = await pay(second);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(CouponMessage.noLongerApplies(CouponMessage.usedUp));
    expect(await kit.t.db.select().from(orders).where(eq(orders.userId, second.userId))).toEqual([]);
    const cart = await callApi<CartContents>(kit.t.app, 'cart/getCartContents', {}, { token: second.token });
    expect(cart.body.data.discounts).toEqual([]);
    expect(cart.body.data.totalPrice).toBe(5000);
    // The shopper saw the full price: checking out again pays it.
    const full = await pay(second, { expectedTotal: 5000 });
    expect(full.status).toBe(200);
    expect(full.body.data.order.total).toBe(5000);
    await expectLedgerBalanced(kit.t.db);
  });

  it('a coupon that ended after the cart showed it: the full price when the shopper confirmed it, else 409', async () => {
    const code = uniqueCode();
    const { buyer } = await buyerWithDeal(5000);
    await adminCoupon({ code, percentOff: 20, endsAt: new Date(clock.getTime() + DAY_MS).toISOString() });
    expect((await applied(buyer.token, code)).totalPrice).toBe(4000);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    // The cart now shows no discount; the shopper confirms the full price and pays it.
    const cart = await callApi<CartContents>(kit.t.app, 'cart/getCartContents', {}, { token: buyer.token });
    expect(cart.body.data.totalPrice).toBe(5000);
    const paid = await pay(buyer, { expectedTotal: 5000 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order.total).toBe(5000);
    const [coupon] = await kit.t.db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
    expect(coupon?.uses).toBe(0);

    // Confirming the discounted total instead is refused, and nothing is charged.
    const { buyer: other } = await buyerWithDeal(5000);
    const later = uniqueCode();
    await adminCoupon({ code: later, percentOff: 20, endsAt: new Date(clock.getTime() + DAY_MS).toISOString() });
    await applied(other.token, later);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    const refusedCheckout = await pay(other, { expectedTotal: 4000 });
    expect(refusedCheckout.status).toBe(409);
    expect(refusedCheckout.body.msg).toBe(CouponMessage.noLongerApplies(CouponMessage.ended));
    expect(await kit.t.db.select().from(orders).where(eq(orders.userId, other.userId))).toEqual([]);
    await expectLedgerBalanced(kit.t.db);
  });

  it('a declined card gives the use back', async () => {
    const code = uniqueCode();
    const { product, plan } = await createDeal(kit.t.db, { plans: [{ priceCents: 5000 }] });
    await adminCoupon({ code, percentOff: 10, maxUses: 1, productIds: [product.id] });
    const buyer = await createBuyer(
      kit.t.app,
      kit.t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      SANDBOX_TEST_CARDS.declined,
      clock,
    );
    await applied(buyer.token, code);
    const declined = await pay(buyer);
    expect(declined.status).toBe(402);
    const [coupon] = await kit.t.db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
    expect(coupon?.uses).toBe(0);
    if (!coupon) throw new Error('no coupon');
    expect(await kit.t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toEqual(
      [],
    );
    // Still in the cart: another card pays with it.
    const card = await addCard(kit.t.app, buyer.token);
    const paid = await checkout(kit.t.app, buyer.token, { paymentMethodId: card.id, idempotencyKey: newKey() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order.total).toBe(4500);
    await expectLedgerBalanced(kit.t.db);
  });
});

describe('a subscription with a coupon', () => {
  it('the cart and the checkout totals say the first charge and every renewal after the coupon, which stays on the item', async () => {
    const monthly = await createDeal(kit.t.db, {
      plans: [
        { name: 'Monthly', kind: 'subscription', billingInterval: 'month', priceCents: 900, originalPriceCents: 2900 },
      ],
    });
    const lifetime = await createDeal(kit.t.db, { plans: [{ priceCents: 5000 }] });
    const buyer = await createBuyer(
      kit.t.app,
      kit.t.db,
      [
        { productId: monthly.product.id, variantId: monthly.plan.id, quantity: 2 },
        { productId: lifetime.product.id, variantId: lifetime.plan.id, quantity: 1 },
      ],
      undefined,
      clock,
    );
    const before = await callApi<CartContents>(kit.t.app, 'cart/getCartContents', {}, { token: buyer.token });
    expect(before.body.data.recurringTotals).toEqual([{ interval: 'month', amountCents: 1800 }]);

    const code = uniqueCode();
    await adminCoupon({ code, percentOff: 20 });
    const cart = await applied(buyer.token, code);
    // Today: 1800 + 5000 less 20% = 5440; every month after: 1800 less 20% = 1440.
    expect(cart.totalPrice).toBe(5440);
    expect(cart.recurringTotals).toEqual([{ interval: 'month', amountCents: 1440 }]);
    const totals = await callApi<CheckoutTotals>(kit.t.app, 'orders/getCheckoutTotals', {}, { token: buyer.token });
    expect(totals.body.data).toEqual(
      expect.objectContaining({
        subtotalCents: 5440,
        recurringTotals: [{ interval: 'month', subtotalCents: 1440, taxCents: 0, totalWithTaxCents: 1440 }],
      }),
    );

    // The item's amount, what each renewal charges (decision 020), is the discounted one.
    const paid = await pay(buyer, { expectedTotal: 5440 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [item] = await kit.t.db.select().from(orderItems).where(eq(orderItems.planId, monthly.plan.id));
    expect(item).toEqual(expect.objectContaining({ amountCents: 1440, discountCents: 360, billingInterval: 'month' }));
    await expectLedgerBalanced(kit.t.db);
  });
});
