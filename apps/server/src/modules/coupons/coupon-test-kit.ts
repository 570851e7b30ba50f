// The setup the coupon tests share (decision 040): one app on a fresh database with an admin, and
// the calls they all make: create a code, apply it, refuse it, a buyer with one line, pay. Used
// by the `coupons*.test.ts` files only; production code never imports it.
import type { CartContents, Coupon, CouponResult } from '@everdeal/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { type Buyer, checkout, createBuyer, createDeal, newKey } from '../../../test/shop';

export type CouponKit = ReturnType<typeof useCouponTestApp>;

let codeCounter = 0;

/** A code no other test of the run uses. */
export const uniqueCode = (prefix = 'SAVE') => `${prefix}-${++codeCounter}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Starts the app before the tests of the file (or of the `describe` it is called in) and closes
 * it after them. `now` is the app's clock; tests that move time pass a function reading theirs.
 */
export function useCouponTestApp(now?: () => Date) {
  let app: TestApp | undefined;
  let adminToken = '';
  beforeAll(async () => {
    app = await createTestApp(now ? { now } : {});
    adminToken = (await createAdminWithSession(app.db, now?.())).token;
  });
  afterAll(() => app?.close());
  const current = (): TestApp => {
    if (!app) throw new Error('the coupon test app is used before its beforeAll ran');
    return app;
  };

  const apply = (token: string, code: string) =>
    callApi<CartContents>(current().app, 'cart/applyCoupon', { code }, { token });

  return {
    get t() {
      return current();
    },
    get adminToken() {
      return adminToken;
    },

    /** `admin/createCoupon`, expected to succeed. */
    async adminCoupon(input: Record<string, unknown>): Promise<Coupon> {
      const response = await callApi<CouponResult>(current().app, 'admin/createCoupon', input, { token: adminToken });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.coupon;
    },

    apply,

    /** Applies the code, expected to succeed: the cart after it. */
    async applied(token: string, code: string): Promise<CartContents> {
      const response = await apply(token, code);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data;
    },

    /** Applies the code, expected to be refused with that status and message. */
    async refused(token: string, code: string, status: number, msg: string): Promise<void> {
      const response = await apply(token, code);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body).toEqual({ code: status, msg, data: null });
    },

    /** A buyer with a card and one line of a new deal at `priceCents` (quantity `quantity`). */
    async buyerWithDeal(priceCents = 10_000, quantity = 1) {
      const { product, plan } = await createDeal(current().db, {
        plans: [{ priceCents, originalPriceCents: priceCents * 2 }],
      });
      const line = { productId: product.id, variantId: plan.id, quantity };
      const buyer = await createBuyer(current().app, current().db, [line], undefined, now?.());
      return { product, plan, buyer };
    },

    /** Checks the buyer's cart out with their card and a new key; `extra` adds fields. */
    pay(buyer: Buyer, extra: Record<string, unknown> = {}) {
      return checkout(current().app, buyer.token, {
        paymentMethodId: buyer.card.id,
        idempotencyKey: newKey(),
        ...extra,
      });
    },
  };
}
