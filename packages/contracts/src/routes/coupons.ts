import { EmptyInputSchema } from '../auth';
import {
  AdminCouponRefInputSchema,
  AdminCreateCouponInputSchema,
  AdminUpdateCouponInputSchema,
  ApplyCouponInputSchema,
  CouponHistorySchema,
  CouponListSchema,
  CouponResultSchema,
  SellerCouponRefInputSchema,
  SellerCreateCouponInputSchema,
  SellerUpdateCouponInputSchema,
} from '../coupons';
import type { ApiRouteDefinition } from '../routes';
import { CartContentsSchema } from '../shopping';
import { defineRoute } from './define-route';

/**
 * Coupons (decision 040): created, changed and deactivated by admins (any coupon) and sellers
 * (their sellers' coupons; another's answers 404), each change in the audit log; applied to the
 * signed-in user's cart.
 */
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
  'admin/updateCoupon': defineRoute({
    input: AdminUpdateCouponInputSchema,
    output: CouponResultSchema,
    summary:
      'Change a coupon’s startsAt, endsAt, maxUses (not below its uses) or maxUsesPerUser; null clears one; the code, discount and products are fixed',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/deactivateCoupon': defineRoute({
    input: AdminCouponRefInputSchema,
    output: CouponResultSchema,
    summary: 'Deactivate a coupon: carts and checkout refuse it from now on; already inactive is a no-op',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/reactivateCoupon': defineRoute({
    input: AdminCouponRefInputSchema,
    output: CouponResultSchema,
    summary: 'Make a deactivated coupon usable again (its window and limits still apply); already active is a no-op',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getCouponHistory': defineRoute({
    input: AdminCouponRefInputSchema,
    output: CouponHistorySchema,
    summary: 'Who created, changed, deactivated or reactivated a coupon, and what changed; newest first',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'seller/updateCoupon': defineRoute({
    input: SellerUpdateCouponInputSchema,
    output: CouponResultSchema,
    summary:
      'Change startsAt, endsAt, maxUses (not below its uses) or maxUsesPerUser of a coupon of the caller’s seller; 404 for another’s',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/deactivateCoupon': defineRoute({
    input: SellerCouponRefInputSchema,
    output: CouponResultSchema,
    summary: 'Deactivate a coupon of the caller’s seller; 404 for another’s; already inactive is a no-op',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/reactivateCoupon': defineRoute({
    input: SellerCouponRefInputSchema,
    output: CouponResultSchema,
    summary: 'Make a deactivated coupon of the caller’s seller usable again; 404 for another’s',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getCouponHistory': defineRoute({
    input: SellerCouponRefInputSchema,
    output: CouponHistorySchema,
    summary: 'The changes of a coupon of the caller’s seller, newest first; an admin’s are signed “Everdeal admin”',
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
