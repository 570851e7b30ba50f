import type { UserRow } from '@everdeal/db';
import { defineHandlers } from '../../plugins/api';
import type { CouponEditor } from './coupon-audit';
import { getCouponHistory, setCouponActive, updateCoupon } from './coupon-changes';
import {
  type CouponsDeps,
  createAdminCoupon,
  createSellerCoupon,
  listAllCoupons,
  listSellerCoupons,
} from './coupons.service';

const asAdmin = (user: UserRow): CouponEditor => ({ user, area: 'admin' });
const asSeller = (user: UserRow): CouponEditor => ({ user, area: 'seller' });

/**
 * Decision 040: creating, listing, changing and deactivating coupons, and their history (the
 * cart's calls are the cart module's). A seller's calls reach only their sellers' coupons.
 */
export function couponsHandlers(deps: CouponsDeps) {
  return defineHandlers({
    'admin/createCoupon': (input, { user }) => createAdminCoupon(deps, user, input),
    'admin/getCoupons': () => listAllCoupons(deps),
    'admin/updateCoupon': ({ couponId, ...changes }, { user }) => updateCoupon(deps, asAdmin(user), couponId, changes),
    'admin/deactivateCoupon': ({ couponId }, { user }) => setCouponActive(deps, asAdmin(user), couponId, false),
    'admin/reactivateCoupon': ({ couponId }, { user }) => setCouponActive(deps, asAdmin(user), couponId, true),
    'admin/getCouponHistory': ({ couponId }, { user }) => getCouponHistory(deps, asAdmin(user), couponId),
    'seller/createCoupon': (input, { user }) => createSellerCoupon(deps, user, input),
    'seller/getCoupons': (_input, { user }) => listSellerCoupons(deps, user.id),
    'seller/updateCoupon': ({ couponId, ...changes }, { user }) =>
      updateCoupon(deps, asSeller(user), couponId, changes),
    'seller/deactivateCoupon': ({ couponId }, { user }) => setCouponActive(deps, asSeller(user), couponId, false),
    'seller/reactivateCoupon': ({ couponId }, { user }) => setCouponActive(deps, asSeller(user), couponId, true),
    'seller/getCouponHistory': ({ couponId }, { user }) => getCouponHistory(deps, asSeller(user), couponId),
  });
}
