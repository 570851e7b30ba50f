import { z } from 'zod';
import { ownedId, ownedUuid, publicId, publicUuid } from './ids';
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

/** The fields of a coupon that may change: their values, `null` to clear a limit or an end. */
const CHANGEABLE = ['startsAt', 'endsAt', 'maxUses', 'maxUsesPerUser'] as const;

/**
 * What may change on a coupon (decision 040): its window and its limits. The code, the discount
 * and the products are fixed, because orders and invoices already name the code with what it
 * took off; to offer another discount, deactivate the code and create another.
 */
function couponChangeInput<I extends z.ZodType>(couponId: I) {
  return z
    .object({
      couponId,
      maxUses: Uses.nullable().optional(),
      maxUsesPerUser: Uses.nullable().optional(),
      startsAt: Moment.nullable().optional(),
      endsAt: Moment.nullable().optional(),
    })
    .refine((input) => CHANGEABLE.some((field) => input[field] !== undefined), {
      message: CouponMessage.nothingToChange,
      path: ['couponId'],
    })
    .refine((input) => !input.startsAt || !input.endsAt || Date.parse(input.startsAt) < Date.parse(input.endsAt), {
      message: CouponMessage.startsBeforeEnds,
      path: ['endsAt'],
    });
}

/** An admin names any coupon, of the store or of a seller. */
const AdminCouponId = publicUuid('coupon', 'must be a coupon id');
/** A seller names a coupon of a seller they are a member of; any other answers 404. */
const SellerCouponId = ownedUuid('sellerCoupon', 'must be a coupon id');

export const AdminUpdateCouponInputSchema = couponChangeInput(AdminCouponId);
export type AdminUpdateCouponInput = z.infer<typeof AdminUpdateCouponInputSchema>;
export const SellerUpdateCouponInputSchema = couponChangeInput(SellerCouponId);
export type CouponChanges = Omit<AdminUpdateCouponInput, 'couponId'>;

export const AdminCouponRefInputSchema = z.object({ couponId: AdminCouponId });
export const SellerCouponRefInputSchema = z.object({ couponId: SellerCouponId });
export type CouponRefInput = z.infer<typeof AdminCouponRefInputSchema>;

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
  isActive: z.boolean().describe('false once deactivated: carts and checkout refuse it'),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponResultSchema = z.object({ coupon: CouponSchema });
export type CouponResult = z.infer<typeof CouponResultSchema>;

export const CouponListSchema = z.object({ coupons: z.array(CouponSchema) });
export type CouponList = z.infer<typeof CouponListSchema>;

export const ApplyCouponInputSchema = z.object({ code: CouponCode });
export type ApplyCouponInput = z.infer<typeof ApplyCouponInputSchema>;

/** One change of a coupon, as its history shows it (decision 040): who, what, from what to what. */
export const CouponHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['coupon.create', 'coupon.update', 'coupon.deactivate', 'coupon.reactivate']),
  actorKind: z.enum(['admin', 'seller']),
  actor: z.string().describe('the e-mail of who did it; in the seller area an admin is “Everdeal admin”'),
  before: z.record(z.string(), z.unknown()).nullable().describe('the changed fields as they were; null on creation'),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type CouponHistoryEntry = z.infer<typeof CouponHistoryEntrySchema>;

export const CouponHistorySchema = z.object({
  entries: z.array(CouponHistoryEntrySchema).describe('newest first; the last 50 changes'),
});
export type CouponHistory = z.infer<typeof CouponHistorySchema>;
