import { defineHandlers } from '../../plugins/api';
import {
  type CouponsDeps,
  createAdminCoupon,
  createSellerCoupon,
  listAllCoupons,
  listSellerCoupons,
} from './coupons.service';

/** Decision 040: creating and listing coupons (the cart's calls are the cart module's). */
export function couponsHandlers(deps: CouponsDeps) {
  return defineHandlers({
    'admin/createCoupon': (input, { user }) => createAdminCoupon(deps, user.id, input),
    'admin/getCoupons': () => listAllCoupons(deps),
    'seller/createCoupon': (input, { user }) => createSellerCoupon(deps, user.id, input),
    'seller/getCoupons': (_input, { user }) => listSellerCoupons(deps, user.id),
  });
}
