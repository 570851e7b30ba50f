import { EmptyInputSchema } from '../auth';
import {
  AdminCreateCouponInputSchema,
  ApplyCouponInputSchema,
  CouponListSchema,
  CouponResultSchema,
  SellerCreateCouponInputSchema,
} from '../coupons';
import type { ApiRouteDefinition } from '../routes';
import { CartContentsSchema } from '../shopping';
import { defineRoute } from './define-route';

/** Coupons (decision 040): created by admins and sellers, applied to the signed-in user's cart. */
export const couponsRoutes = {
  'admin/createCoupon': defineRoute({
    input: AdminCreateCouponInputSchema,
    output: CouponResultSchema,
    summary:
      'Create a coupon code (percentOff or amountOffCents) for any products, or the whole store without productIds; 409 for a code that exists',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getCoupons': defineRoute({
    input: EmptyInputSchema,
    output: CouponListSchema,
    summary: 'Every coupon, newest first, with its uses',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'seller/createCoupon': defineRoute({
    input: SellerCreateCouponInputSchema,
    output: CouponResultSchema,
    summary:
      'Create a coupon code for products of one seller the caller is a member of; 404 for another seller’s product; 409 for a code that exists',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getCoupons': defineRoute({
    input: EmptyInputSchema,
    output: CouponListSchema,
    summary: 'The coupons of the sellers the caller is a member of, newest first',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'cart/applyCoupon': defineRoute({
    input: ApplyCouponInputSchema,
    output: CartContentsSchema,
    summary:
      'Apply a coupon code to the cart, replacing any other; 400 saying why when it does not apply now; answers the cart',
    tag: 'cart',
    requiresAuth: true,
  }),
  'cart/removeCoupon': defineRoute({
    input: EmptyInputSchema,
    output: CartContentsSchema,
    summary: 'Take the coupon off the cart (no-op without one); answers the cart',
    tag: 'cart',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
