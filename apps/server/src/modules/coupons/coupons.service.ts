/**
 * Coupons (decision 040): admins create codes for any products or the whole store, sellers for
 * their own products; a cart holds at most one. The discount itself is coupon-rules.ts's.
 */
import {
  type AdminCreateCouponInput,
  AppError,
  type Coupon,
  type CouponList,
  CouponMessage,
  type CouponResult,
  type SellerCreateCouponInput,
} from '@everdeal/contracts';
import { type CouponRow, cartCoupons, couponRedemptions, coupons, type Db, products, type Tx } from '@everdeal/db';
import { and, count, desc, eq, inArray, isNotNull, isNull, type Placeholder, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../lib/prepared';
import { databaseErrorIn } from '../../plugins/errors';
import { requireOwnProduct } from '../sellers';
import { type CouponEditor, couponTerms, isMemberCoupon, recordCouponChange } from './coupon-audit';
import type { AppliedCoupon } from './coupon-rules';

export type CouponsDeps = { db: Db; now: () => Date };

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    productIds: row.productIds,
    maxUses: row.maxUses,
    maxUsesPerUser: row.maxUsesPerUser,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    uses: row.uses,
    sellerId: row.sellerId,
    isActive: row.deactivatedAt === null,
    deactivatedAt: iso(row.deactivatedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

async function insertCoupon(
  { db, now }: CouponsDeps,
  input: AdminCreateCouponInput,
  owner: { editor: CouponEditor; sellerId: number | null },
): Promise<CouponResult> {
  try {
    return await db.transaction(async (tx) => {
      const at = now();
      const [row] = await tx
        .insert(coupons)
        .values({
          code: input.code,
          percentOff: input.percentOff ?? null,
          amountOffCents: input.amountOffCents ?? null,
          // Sorted and without repeats: the list is a set.
          productIds: input.productIds ? [...new Set(input.productIds)].sort((a, b) => a - b) : null,
          maxUses: input.maxUses ?? null,
          maxUsesPerUser: input.maxUsesPerUser ?? null,
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          sellerId: owner.sellerId,
          createdBy: owner.editor.user.id,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('the coupon was not inserted');
      await recordCouponChange(
        tx,
        owner.editor,
        row,
        { action: 'coupon.create', before: null, after: couponTerms(row) },
        at,
      );
      return { coupon: toCoupon(row) };
    });
  } catch (error) {
    if (databaseErrorIn(error)?.code === '23505') throw AppError.conflict(CouponMessage.duplicateCode);
    throw error;
  }
}

/** `admin/createCoupon`: any existing products (404 for an unknown one), or the whole store. */
export async function createAdminCoupon(
  deps: CouponsDeps,
  user: CouponEditor['user'],
  input: AdminCreateCouponInput,
): Promise<CouponResult> {
  if (input.productIds) {
    const wanted = [...new Set(input.productIds)];
    const found = await deps.db.select({ id: products.id }).from(products).where(inArray(products.id, wanted));
    if (found.length !== wanted.length) throw AppError.notFound(CouponMessage.productNotFound);
  }
  return insertCoupon(deps, input, { editor: { user, area: 'admin' }, sellerId: null });
}

/**
 * `seller/createCoupon`: every product must be one of a seller the caller is a member of (404
 * for any other, as the seller area answers: requirements §6), and all of the same seller.
 */
export async function createSellerCoupon(
  deps: CouponsDeps,
  user: CouponEditor['user'],
  input: SellerCreateCouponInput,
): Promise<CouponResult> {
  const sellerIds = new Set<number>();
  for (const productId of new Set(input.productIds)) {
    sellerIds.add((await requireOwnProduct(deps.db, user.id, productId)).sellerId);
  }
  if (sellerIds.size !== 1) throw AppError.validation(CouponMessage.oneSeller);
  const [sellerId] = sellerIds;
  return insertCoupon(deps, input, { editor: { user, area: 'seller' }, sellerId: sellerId ?? null });
}

/** `admin/getCoupons`: every coupon, newest first. */
export async function listAllCoupons({ db }: CouponsDeps): Promise<CouponList> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return { coupons: rows.map(toCoupon) };
}

/** `seller/getCoupons`: the coupons of the caller's sellers, newest first. */
export async function listSellerCoupons({ db }: CouponsDeps, userId: string): Promise<CouponList> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(isNotNull(coupons.sellerId), isMemberCoupon(coupons.sellerId, userId)))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return { coupons: rows.map(toCoupon) };
}

/** How many uses of the coupon the user holds: paid orders and checkouts still paying. */
const userUsesOf = (couponId: unknown, userId: unknown) =>
  sql<number>`(select count(*) from ${couponRedemptions} r where r.coupon_id = ${couponId} and r.user_id = ${userId})`.mapWith(
    Number,
  );

/** The coupon of that code (any case), with the user's uses of it; null for an unknown code. */
export async function couponByCode(db: Db, code: string, userId: string): Promise<AppliedCoupon | null> {
  const [row] = await db
    .select({ coupon: coupons, userUses: userUsesOf(coupons.id, userId) })
    .from(coupons)
    .where(eq(coupons.code, code.toUpperCase()))
    .limit(1);
  return row ?? null;
}

/** `cartCouponQuery` prepared once per database, as the cart's own statements are. */
const cartCouponStatement = preparedPerDatabase((db) =>
  cartCouponQuery(db, sql.placeholder('userId')).prepare('cart_coupon'),
);

/** The coupon the user's cart holds, with the user's uses of it; null without one. */
export async function cartCouponOf(db: Db, userId: string): Promise<AppliedCoupon | null> {
  const [row] = await cartCouponStatement(db).execute({ userId });
  return row ?? null;
}

/** The statement of `cartCouponOf`; the benchmarks' floors send it with a placeholder. */
export function cartCouponQuery(db: Db | Tx, userId: string | Placeholder) {
  return db
    .select({ coupon: coupons, userUses: userUsesOf(coupons.id, userId) })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.userId, userId))
    .limit(1);
}

/** One coupon per cart: applying another replaces it. */
export async function setCartCoupon(db: Db, userId: string, couponId: string, at: Date): Promise<void> {
  await db
    .insert(cartCoupons)
    .values({ userId, couponId, createdAt: at })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { couponId, createdAt: at } });
}

export async function removeCartCoupon(db: Db, userId: string, couponId?: string): Promise<void> {
  await db
    .delete(cartCoupons)
    .where(
      couponId === undefined
        ? eq(cartCoupons.userId, userId)
        : and(eq(cartCoupons.userId, userId), eq(cartCoupons.couponId, couponId)),
    );
}

/**
 * Takes one use of the coupon for a new order, in checkout's reserve transaction (decision 040):
 * the counter moves only while under `max_uses`, in one statement that PostgreSQL re-checks on
 * the row's newest version after waiting for its lock, so checkouts running together can never
 * pass the limit. The per-user limit is counted under the buyer's row lock, which checkout holds
 * already (reserve.sql.ts `lockCheckoutUser`). Answers the refusal, or null and the use is taken.
 */
export async function claimCouponUse(
  tx: Tx,
  use: { couponId: string; orderId: string; userId: string },
  at: Date,
): Promise<string | null> {
  const [mine] = await tx
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, use.couponId), eq(couponRedemptions.userId, use.userId)));
  const [claimed] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, use.couponId),
        // A deactivation committed while this checkout ran wins, like a use that filled the limit.
        isNull(coupons.deactivatedAt),
        sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`,
        sql`(${coupons.maxUsesPerUser} is null or ${coupons.maxUsesPerUser} > ${mine?.n ?? 0})`,
      ),
    )
    .returning({ maxUsesPerUser: coupons.maxUsesPerUser });
  if (!claimed) {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, use.couponId)).limit(1);
    if (row?.deactivatedAt) return CouponMessage.deactivated;
    if (row && row.maxUsesPerUser !== null && (mine?.n ?? 0) >= row.maxUsesPerUser) return CouponMessage.perUserLimit;
    return CouponMessage.usedUp;
  }
  await tx.insert(couponRedemptions).values({ ...use, createdAt: at });
  return null;
}
