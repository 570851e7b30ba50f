import {
  type CartContents,
  type CouponList,
  CouponMessage,
  type CouponResult,
  SellerMessage,
} from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { createSellerWithMember } from '../../../test/seller';
import { createDeal } from '../../../test/shop';
import { uniqueCode, useCouponTestApp } from './coupon-test-kit';

const DAY_MS = 24 * 60 * 60_000;
const clock = new Date('2026-11-23T10:00:00Z');
const kit = useCouponTestApp(() => clock);
const { adminCoupon, applied, apply, buyerWithDeal, pay, refused } = kit;

describe('admin/createCoupon', () => {
  it('creates a percentage code for the whole store, stored upper case; a duplicate in any case is 409', async () => {
    const code = uniqueCode('spring');
    const coupon = await adminCoupon({ code, percentOff: 20 });
    expect(coupon).toEqual(
      expect.objectContaining({
        code: code.toUpperCase(),
        percentOff: 20,
        amountOffCents: null,
        productIds: null,
        uses: 0,
        sellerId: null,
      }),
    );
    const again = await callApi(
      kit.t.app,
      'admin/createCoupon',
      { code: code.toLowerCase(), amountOffCents: 100 },
      {
        token: kit.adminToken,
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(CouponMessage.duplicateCode);
    const list = await callApi<CouponList>(kit.t.app, 'admin/getCoupons', {}, { token: kit.adminToken });
    expect(list.body.data.coupons.map((row) => row.code)).toContain(code.toUpperCase());
  });

  it.each([
    [{ code: 'AB', percentOff: 10 }, `code: ${CouponMessage.codeFormat}`],
    [{ code: 'WITH SPACE', percentOff: 10 }, `code: ${CouponMessage.codeFormat}`],
    [{ code: 'BOTHKINDS', percentOff: 10, amountOffCents: 500 }, CouponMessage.oneDiscount],
    [{ code: 'NOKIND' }, CouponMessage.oneDiscount],
    [{ code: 'TOOMUCH', percentOff: 101 }, 'percentOff: Too big: expected number to be <=100'],
    [{ code: 'ZEROOFF', amountOffCents: 0 }, 'amountOffCents: Too small: expected number to be >=1'],
    [
      { code: 'BACKWARDS', percentOff: 5, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      CouponMessage.startsBeforeEnds,
    ],
  ])('refuses %j with 422', async (input, msg) => {
    const response = await callApi(kit.t.app, 'admin/createCoupon', input, { token: kit.adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.msg).toBe(msg);
  });

  it('404 for an unknown product; 403 for a user who is not an admin', async () => {
    const unknown = await callApi(
      kit.t.app,
      'admin/createCoupon',
      { code: uniqueCode(), percentOff: 5, productIds: [999_999] },
      {
        token: kit.adminToken,
      },
    );
    expect(unknown.status).toBe(404);
    const user = await createUserWithSession(kit.t.db, clock);
    const denied = await callApi(
      kit.t.app,
      'admin/createCoupon',
      { code: uniqueCode(), percentOff: 5 },
      {
        token: user.token,
      },
    );
    expect(denied.status).toBe(403);
  });
});

describe('seller/createCoupon', () => {
  it('a member creates a code for their own products and lists it; another seller’s product is 404', async () => {
    const member = await createSellerWithMember(kit.t.db);
    const own = await createDeal(kit.t.db, { sellerId: member.sellerId });
    const other = await createDeal(kit.t.db);
    const code = uniqueCode('mine');
    const created = await callApi<CouponResult>(
      kit.t.app,
      'seller/createCoupon',
      { code, amountOffCents: 500, productIds: [own.product.id], maxUses: 3 },
      { token: member.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.coupon).toEqual(
      expect.objectContaining({ productIds: [own.product.id], sellerId: member.sellerId, maxUses: 3 }),
    );
    const list = await callApi<CouponList>(kit.t.app, 'seller/getCoupons', {}, { token: member.token });
    expect(list.body.data.coupons.map((row) => row.code)).toEqual([code.toUpperCase()]);

    const foreign = await callApi(
      kit.t.app,
      'seller/createCoupon',
      { code: uniqueCode(), percentOff: 50, productIds: [own.product.id, other.product.id] },
      { token: member.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe(SellerMessage.productNotFound);
    const withoutProducts = await callApi(
      kit.t.app,
      'seller/createCoupon',
      { code: uniqueCode(), percentOff: 5 },
      {
        token: member.token,
      },
    );
    expect(withoutProducts.status).toBe(422);
    // Another seller's member does not see it.
    const stranger = await createSellerWithMember(kit.t.db);
    const theirs = await callApi<CouponList>(kit.t.app, 'seller/getCoupons', {}, { token: stranger.token });
    expect(theirs.body.data.coupons).toEqual([]);
  });
});

describe('cart/applyCoupon and cart/removeCoupon', () => {
  it('applies a code in any case: the cart shows the discount and the total after it; remove takes it off', async () => {
    const { buyer } = await buyerWithDeal(4900, 2);
    const code = uniqueCode();
    await adminCoupon({ code, percentOff: 10 });
    const cart = await applied(buyer.token, code.toLowerCase());
    expect(cart.discounts).toEqual([{ code: code.toUpperCase(), amountCents: 980 }]);
    expect(cart.totalPrice).toBe(9800 - 980);
    expect(cart.originalTotalPrice).toBe(19_600);
    expect(cart.totalDiscount).toBe(19_600 - (9800 - 980));
    const read = await callApi<CartContents>(kit.t.app, 'cart/getCartContents', {}, { token: buyer.token });
    expect(read.body.data).toEqual(cart);

    const removed = await callApi<CartContents>(kit.t.app, 'cart/removeCoupon', {}, { token: buyer.token });
    expect(removed.body.data.discounts).toEqual([]);
    expect(removed.body.data.totalPrice).toBe(9800);
  });

  it('one coupon per cart: applying another replaces it; a refused one leaves the first', async () => {
    const { buyer } = await buyerWithDeal(10_000);
    const first = uniqueCode();
    const second = uniqueCode();
    await adminCoupon({ code: first, percentOff: 10 });
    await adminCoupon({ code: second, amountOffCents: 2500 });
    await applied(buyer.token, first);
    const cart = await applied(buyer.token, second);
    expect(cart.discounts).toEqual([{ code: second.toUpperCase(), amountCents: 2500 }]);
    await refused(buyer.token, 'NOSUCHCODE', 400, CouponMessage.unknown);
    const read = await callApi<CartContents>(kit.t.app, 'cart/getCartContents', {}, { token: buyer.token });
    expect(read.body.data.discounts).toEqual([{ code: second.toUpperCase(), amountCents: 2500 }]);
  });

  it('400 with the reason: unknown, not started, ended, used up, per-user limit reached, nothing in the cart', async () => {
    const { buyer, product } = await buyerWithDeal(10_000);
    await refused(buyer.token, uniqueCode(), 400, CouponMessage.unknown);

    const early = uniqueCode();
    await adminCoupon({ code: early, percentOff: 10, startsAt: new Date(clock.getTime() + DAY_MS).toISOString() });
    await refused(buyer.token, early, 400, CouponMessage.notStarted);

    const late = uniqueCode();
    await adminCoupon({
      code: late,
      percentOff: 10,
      startsAt: new Date(clock.getTime() - 2 * DAY_MS).toISOString(),
      endsAt: clock.toISOString(),
    });
    await refused(buyer.token, late, 400, CouponMessage.ended);

    const elsewhere = await createDeal(kit.t.db);
    const other = uniqueCode();
    await adminCoupon({ code: other, percentOff: 10, productIds: [elsewhere.product.id] });
    await refused(buyer.token, other, 400, CouponMessage.appliesToNothing);

    // Used up, and the per-user limit: one buyer pays with each, then another try is refused.
    const once = uniqueCode();
    await adminCoupon({ code: once, percentOff: 10, maxUses: 1, productIds: [product.id] });
    const mine = uniqueCode();
    await adminCoupon({ code: mine, percentOff: 10, maxUsesPerUser: 1 });
    await applied(buyer.token, once);
    expect((await pay(buyer)).status).toBe(200);
    // The coupon is judged before the cart: used up whatever the cart holds.
    const { buyer: next } = await buyerWithDeal(10_000);
    await refused(next.token, once, 400, CouponMessage.usedUp);

    await applied(next.token, mine);
    expect((await pay(next)).status).toBe(200);
    const { product: third, plan: thirdPlan } = await createDeal(kit.t.db);
    await callApi(
      kit.t.app,
      'cart/change',
      { productId: third.id, variantId: thirdPlan.id, quantity: 1 },
      { token: next.token },
    );
    await refused(next.token, mine, 400, CouponMessage.perUserLimit);
    await expectLedgerBalanced(kit.t.db);
  });

  it('422 for a malformed code; 401 without a session', async () => {
    const { token } = await createUserWithSession(kit.t.db, clock);
    const response = await apply(token, 'x');
    expect(response.status).toBe(422);
    const anonymous = await callApi(kit.t.app, 'cart/applyCoupon', { code: 'ANYCODE' });
    expect(anonymous.status).toBe(401);
  });
});
