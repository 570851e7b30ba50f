/**
 * The coupons module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Coupons (decision 040): their creation, the cart's coupon, the
 * discount it gives and the use a checkout takes. Everything else in this folder is private to it.
 */
export { type AppliedCoupon, type DiscountLine, judgeCoupon, lineDiscounts } from './coupon-rules';
export { couponsHandlers } from './coupons.routes';
export {
  type CouponsDeps,
  cartCouponOf,
  claimCouponUse,
  couponByCode,
  removeCartCoupon,
  setCartCoupon,
} from './coupons.service';
