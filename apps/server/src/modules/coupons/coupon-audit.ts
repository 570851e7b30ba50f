/**
 * Who changes coupons and how each change is written down (decision 040): every creation, change,
 * deactivation and reactivation is one row of the audit log (`modules/audit`, decisions 015 and
 * 019), written in the transaction of the change, so a change and its record stand or fall together.
 */
import type { CouponRow, UserRow } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { type AdminActionEntry, recordAdminAction, recordSellerEdit, type Tx } from '../audit';

/** An admin acts on any coupon; a seller's member on the coupons of their sellers only. */
export type CouponEditor = { user: Pick<UserRow, 'id' | 'email'>; area: 'admin' | 'seller' };

export type CouponAction = 'coupon.create' | 'coupon.update' | 'coupon.deactivate' | 'coupon.reactivate';

/** The condition "the coupon is of a seller `userId` is a member of" (a store-wide code never is). */
export const isMemberCoupon = (sellerId: unknown, userId: string) =>
  sql`exists (select 1 from seller_members m where m.seller_id = ${sellerId} and m.user_id = ${userId})`;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The fields a coupon is made with, as the log keeps them (dates as ISO text). */
export function couponTerms(row: CouponRow): Record<string, unknown> {
  return {
    code: row.code,
    ...(row.percentOff !== null ? { percentOff: row.percentOff } : { amountOffCents: row.amountOffCents }),
    productIds: row.productIds,
    maxUses: row.maxUses,
    maxUsesPerUser: row.maxUsesPerUser,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
  };
}

/** One audit row for a coupon, marked as an admin's action or a seller's edit. */
export async function recordCouponChange(
  tx: Tx,
  editor: CouponEditor,
  row: CouponRow,
  change: { action: CouponAction; before: AdminActionEntry['before']; after: AdminActionEntry['after'] },
  at: Date,
): Promise<void> {
  const entry: AdminActionEntry = { ...change, targetKind: 'coupon', targetId: row.id, subject: row.code };
  if (editor.area === 'admin') await recordAdminAction(tx, editor.user, entry, at);
  else await recordSellerEdit(tx, editor.user, entry, at);
}
