/**
 * What a coupon takes off a cart, and why it may not apply (decision 040). Pure: the cart, the
 * checkout totals and checkout itself compute the same discount from the same lines.
 */
import { CouponMessage } from '@everdeal/contracts';
import type { CouponRow } from '@everdeal/db';

/** The facts a coupon is judged on: its row, and how many uses the shopper already holds. */
export type AppliedCoupon = { coupon: CouponRow; userUses: number };

/** A line as the discount sees it: its product and what it costs before the coupon, cents. */
export type DiscountLine = { productId: number; amountCents: number };

/** The reason the coupon cannot be used now, whatever the cart holds; null when it can. */
export function couponRefusal({ coupon, userUses }: AppliedCoupon, now: Date): string | null {
  // Deactivated comes first: whatever else holds, the owner took it back.
  if (coupon.deactivatedAt) return CouponMessage.deactivated;
  if (coupon.startsAt && now < coupon.startsAt) return CouponMessage.notStarted;
  if (coupon.endsAt && now >= coupon.endsAt) return CouponMessage.ended;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return CouponMessage.usedUp;
  if (coupon.maxUsesPerUser !== null && userUses >= coupon.maxUsesPerUser) return CouponMessage.perUserLimit;
  return null;
}

function isEligible(coupon: CouponRow, line: DiscountLine): boolean {
  return coupon.productIds === null || coupon.productIds.includes(line.productId);
}

/**
 * Each line's discount, cents, in line order: only eligible lines get one. A percentage rounds
 * half up per line; an amount off is spread over the eligible lines in proportion to their
 * amounts by largest remainder (ties to the earlier line), and never more than they cost.
 */
export function lineDiscounts(coupon: CouponRow, lines: readonly DiscountLine[]): number[] {
  const eligible = lines.map((line) => (isEligible(coupon, line) ? line.amountCents : 0));
  if (coupon.percentOff !== null) {
    const percent = coupon.percentOff;
    return eligible.map((amount) => Math.floor((amount * percent + 50) / 100));
  }
  const base = eligible.reduce((sum, amount) => sum + amount, 0);
  const off = Math.min(coupon.amountOffCents ?? 0, base);
  if (off === 0) return eligible.map(() => 0);
  const shares = eligible.map((amount) => Math.floor((amount * off) / base));
  let left = off - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = eligible
    .map((amount, index) => ({ index, remainder: (amount * off) % base }))
    .filter((entry) => (eligible[entry.index] ?? 0) > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The coupon's discounts on the lines, or the reason it does not apply to them now (not
 * started, ended, used up, the shopper's limit, or nothing in the cart it discounts).
 */
export function judgeCoupon(
  applied: AppliedCoupon,
  lines: readonly DiscountLine[],
  now: Date,
): { discounts: number[] } | { refusal: string } {
  const refusal = couponRefusal(applied, now);
  if (refusal) return { refusal };
  const discounts = lineDiscounts(applied.coupon, lines);
  if (!lines.some((line) => isEligible(applied.coupon, line) && line.amountCents > 0)) {
    return { refusal: CouponMessage.appliesToNothing };
  }
  return { discounts };
}
