import { z } from 'zod';
import { ownedId, publicId } from './ids';
import { CouponMessage } from './messages';

// Coupons (decision 040): admins create codes for any product or the whole store, sellers for
// their own products; a cart holds at most one, and checkout charges the total after it.

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
/** What a coupon may take off, cents: the catalogue's plan price ceiling is far below it. */
export const COUPON_AMOUNT_MAX_CENTS = 10_000_000;
export const COUPON_USES_MAX = 1_000_000;

/** Codes are matched without regard to case: trimmed and stored upper case. */
const CouponCode = z
  .string({ error: CouponMessage.codeFormat })
  .trim()
  .toUpperCase()
  .regex(COUPON_CODE_PATTERN, CouponMessage.codeFormat);

const Uses = z.number().int().min(1).max(COUPON_USES_MAX);
const Moment = z.iso.datetime({ offset: true, error: 'must be a date and time' });

function couponInput<P extends z.ZodType>(productIds: P) {
  return z
    .object({
      code: CouponCode,
      percentOff: z.number().int().min(1).max(100).optional(),
      amountOffCents: z.number().int().min(1).max(COUPON_AMOUNT_MAX_CENTS).optional(),
      productIds,
      maxUses: Uses.optional(),
      maxUsesPerUser: Uses.optional(),
      startsAt: Moment.optional(),
      endsAt: Moment.optional(),
    })
    .refine((input) => (input.percentOff === undefined) !== (input.amountOffCents === undefined), {
      message: CouponMessage.oneDiscount,
      path: ['percentOff'],
    })
    .refine((input) => !input.startsAt || !input.endsAt || Date.parse(input.startsAt) < Date.parse(input.endsAt), {
      message: CouponMessage.startsBeforeEnds,
      path: ['endsAt'],
    });
}

/** An admin's code: any products, or the whole store when `productIds` is left out. */
export const AdminCreateCouponInputSchema = couponInput(z.array(publicId('product')).min(1).max(100).optional());
export type AdminCreateCouponInput = z.infer<typeof AdminCreateCouponInputSchema>;

/** A seller's code: only products of a seller the caller is a member of (another's answers 404). */
export const SellerCreateCouponInputSchema = couponInput(
  z.array(ownedId('couponProduct')).min(1, CouponMessage.sellerNeedsProducts).max(100),
);
export type SellerCreateCouponInput = z.infer<typeof SellerCreateCouponInputSchema>;

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  productIds: z.array(z.number().int()).nullable().describe('null: every product of the store'),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  uses: z.number().int().describe('orders holding a use: paid ones and checkouts still paying'),
  sellerId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponResultSchema = z.object({ coupon: CouponSchema });
export type CouponResult = z.infer<typeof CouponResultSchema>;

export const CouponListSchema = z.object({ coupons: z.array(CouponSchema) });
export type CouponList = z.infer<typeof CouponListSchema>;

export const ApplyCouponInputSchema = z.object({ code: CouponCode });
export type ApplyCouponInput = z.infer<typeof ApplyCouponInputSchema>;
