/**
 * Changing a coupon after it was made (decision 040): its window and its limits, deactivating and
 * reactivating it, and its history. The code, the discount and the products never change: orders
 * and invoices name the code with what it took off. Each change locks the coupon's row, the lock
 * checkout's claim of a use waits for, so a limit is judged on the uses really taken.
 */
import {
  AppError,
  type CouponChanges,
  type CouponHistory,
  type CouponHistoryEntry,
  CouponHistoryEntrySchema,
  CouponMessage,
  type CouponResult,
} from '@everdeal/contracts';
import { type CouponRow, coupons, type Db } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { getAuditLog, type Tx } from '../audit';
import { type CouponEditor, isMemberCoupon, recordCouponChange } from './coupon-audit';
import { type CouponsDeps, toCoupon } from './coupons.service';

/** The coupon the editor may see: any for an admin, their sellers' for a seller's member. */
function editorsCoupon(db: Db | Tx, editor: CouponEditor, couponId: string) {
  const mine = editor.area === 'seller' ? isMemberCoupon(coupons.sellerId, editor.user.id) : undefined;
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), mine))
    .limit(1);
}

/** The coupon the editor may change, locked; 404 for an unknown one and for another seller's. */
async function lockCoupon(tx: Tx, editor: CouponEditor, couponId: string): Promise<CouponRow> {
  const [row] = await editorsCoupon(tx, editor, couponId).for('update');
  if (!row) throw AppError.notFound(CouponMessage.notFound);
  return row;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const moment = (value: string | null | undefined, current: Date | null) =>
  value === undefined ? current : value === null ? null : new Date(value);

/**
 * `admin/updateCoupon`, `seller/updateCoupon`: the fields given change (null clears a limit or an
 * end); `maxUses` never below the uses already taken, and the window still starts before it ends.
 * The log row holds the fields that changed, before and after; a call that changes nothing writes none.
 */
export async function updateCoupon(
  deps: CouponsDeps,
  editor: CouponEditor,
  couponId: string,
  changes: CouponChanges,
): Promise<CouponResult> {
  return deps.db.transaction(async (tx) => {
    const row = await lockCoupon(tx, editor, couponId);
    const next = {
      maxUses: changes.maxUses === undefined ? row.maxUses : changes.maxUses,
      maxUsesPerUser: changes.maxUsesPerUser === undefined ? row.maxUsesPerUser : changes.maxUsesPerUser,
      startsAt: moment(changes.startsAt, row.startsAt),
      endsAt: moment(changes.endsAt, row.endsAt),
    };
    if (next.maxUses !== null && next.maxUses < row.uses) {
      throw AppError.validation(CouponMessage.maxUsesBelowUses(row.uses));
    }
    if (next.startsAt && next.endsAt && next.startsAt >= next.endsAt) {
      throw AppError.validation(CouponMessage.startsBeforeEnds);
    }
    const was = {
      maxUses: row.maxUses,
      maxUsesPerUser: row.maxUsesPerUser,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
    };
    const becomes = { ...next, startsAt: iso(next.startsAt), endsAt: iso(next.endsAt) };
    const changed = (Object.keys(was) as (keyof typeof was)[]).filter((field) => was[field] !== becomes[field]);
    if (changed.length === 0) return { coupon: toCoupon(row) };
    const [updated] = await tx.update(coupons).set(next).where(eq(coupons.id, row.id)).returning();
    if (!updated) throw new Error('the locked coupon was not updated');
    const pick = (values: Record<string, unknown>) =>
      Object.fromEntries(changed.map((field) => [field, values[field]]));
    await recordCouponChange(
      tx,
      editor,
      row,
      { action: 'coupon.update', before: pick(was), after: pick(becomes) },
      deps.now(),
    );
    return { coupon: toCoupon(updated) };
  });
}

/**
 * `…/deactivateCoupon` and `…/reactivateCoupon`: from the commit on, carts and checkout refuse a
 * deactivated code ("This coupon is no longer active"), and a checkout claiming a use at that
 * moment waits for the lock and is refused too. Asking for the state it already has changes nothing.
 */
export async function setCouponActive(
  deps: CouponsDeps,
  editor: CouponEditor,
  couponId: string,
  isActive: boolean,
): Promise<CouponResult> {
  return deps.db.transaction(async (tx) => {
    const row = await lockCoupon(tx, editor, couponId);
    if ((row.deactivatedAt === null) === isActive) return { coupon: toCoupon(row) };
    const at = deps.now();
    const [updated] = await tx
      .update(coupons)
      .set({ deactivatedAt: isActive ? null : at })
      .where(eq(coupons.id, row.id))
      .returning();
    if (!updated) throw new Error('the locked coupon was not updated');
    await recordCouponChange(
      tx,
      editor,
      row,
      {
        action: isActive ? 'coupon.reactivate' : 'coupon.deactivate',
        before: { isActive: !isActive },
        after: { isActive },
      },
      at,
    );
    return { coupon: toCoupon(updated) };
  });
}

const ACTIONS: readonly string[] = CouponHistoryEntrySchema.shape.action.options;
const isCouponAction = (action: string): action is CouponHistoryEntry['action'] => ACTIONS.includes(action);

/**
 * `…/getCouponHistory`: the coupon's rows of the audit log, newest first (the log's first page,
 * 50 rows). A seller sees an admin's change signed "Everdeal admin", not the admin's e-mail.
 */
export async function getCouponHistory(
  deps: CouponsDeps,
  editor: CouponEditor,
  couponId: string,
): Promise<CouponHistory> {
  const [visible] = await editorsCoupon(deps.db, editor, couponId);
  if (!visible) throw AppError.notFound(CouponMessage.notFound);
  const page = await getAuditLog(deps.db, { targetKind: 'coupon', targetId: couponId });
  const entries: CouponHistoryEntry[] = [];
  for (const item of page.items) {
    if (!isCouponAction(item.action)) continue;
    entries.push({
      id: item.id,
      action: item.action,
      actorKind: item.actorKind,
      actor: editor.area === 'seller' && item.actorKind === 'admin' ? 'Everdeal admin' : item.actorEmail,
      before: item.before,
      after: item.after,
      createdAt: item.createdAt,
    });
  }
  return { entries };
}
