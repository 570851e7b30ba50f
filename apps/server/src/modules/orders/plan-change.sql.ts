/**
 * The statements of a plan change that `adjustments.sql.ts` does not cover: the codes left per
 * plan for the options, and the finish that also moves a subscription to another billing interval
 * (decision 010: a monthly ↔ yearly switch starts a new period at once).
 */
import { type Db, licenseCodes, moneyMovements, orderItemCodes, orderItems, plans } from '@everdeal/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { claimPending, type MadeRefund } from './adjustments.sql';

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Available codes per plan. A grouped query of its own rather than a correlated subquery in the
 * plans' select: Drizzle writes a single-table select's columns unqualified, so `${plans.id}` in
 * such a subquery named the code's own `id`, and every plan counted zero.
 */
export async function codesLeftByPlan(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: licenseCodes.planId, left: sql<number>`count(*)`.mapWith(Number) })
    .from(licenseCodes)
    .where(and(inArray(licenseCodes.planId, planIds), eq(licenseCodes.status, 'available')))
    .groupBy(licenseCodes.planId);
  return new Map(rows.map((row) => [row.planId, row.left]));
}

/** One provider refund row per refund made for the adjustment (as `adjustments.sql.ts` writes them). */
function refundRows(adjustmentId: string, refunds: MadeRefund[], at: Date) {
  return sql`
    insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, currency, provider,
      provider_reference, refunded_movement_id, adjustment_id, created_at)
    select 'refund', m.order_id, m.order_item_id, r.amount_cents, m.currency, m.provider, r.reference, m.id,
      ${adjustmentId}, ${timestamp(at)}
    from json_to_recordset(${JSON.stringify(
      refunds.map((refund) => ({
        movement_id: refund.movementId,
        reference: refund.reference,
        amount_cents: refund.amountCents,
      })),
    )}::json) as r(movement_id uuid, reference text, amount_cents int)
    join ${moneyMovements} m on m.id = r.movement_id
    where r.amount_cents > 0`;
}

/**
 * A plan change, done, in one transaction with the item change: the adjustment succeeded, the
 * item on its new plan and price (purchase date and refund deadline kept), old codes revoked,
 * reserved codes allocated, the charge or refund rows written. A subscription moving to another
 * billing interval also takes the plan's interval and a new period from now, paid by this change,
 * so the renewal job charges the new price at the new interval (decision 010). Answers whether
 * this call finished it.
 */
export async function finishPlanChange(
  db: Db,
  adjustmentId: string,
  money: { charge: { reference: string; provider: string } | null; refunds: MadeRefund[] },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await claimPending(tx, adjustmentId, 'plan_change', at);
    if (!claimed || claimed.toPlanId === null) return false;
    await tx.execute(sql`
      update ${licenseCodes} c set status = 'revoked'
      from ${orderItemCodes} l
      where l.order_item_id = ${claimed.itemId} and c.id = l.license_code_id and c.status = 'allocated'`);
    await tx.execute(sql`
      update ${licenseCodes} c set status = 'allocated', allocated_at = ${timestamp(at)}
      from ${orderItemCodes} l
      where l.order_item_id = ${claimed.itemId} and c.id = l.license_code_id and c.status = 'reserved'`);
    const switched = sql`i.plan_kind = 'subscription' and i.billing_interval is distinct from p.billing_interval`;
    await tx.execute(sql`
      update ${orderItems} i
      set plan_id = p.id, plan_name = p.name, unit_price_cents = p.price_cents,
          unit_original_price_cents = p.original_price_cents, amount_cents = p.price_cents * i.quantity,
          billing_interval = p.billing_interval,
          period_start = case when ${switched} then ${timestamp(at)} else i.period_start end,
          period_end = case when ${switched}
            then ${timestamp(at)} + case p.billing_interval when 'year' then interval '1 year' else interval '1 month' end
            else i.period_end end,
          renewal_failures = case when ${switched} then 0 else i.renewal_failures end,
          renewal_retry_at = case when ${switched} then null else i.renewal_retry_at end
      from ${plans} p
      where i.id = ${claimed.itemId} and p.id = ${claimed.toPlanId}`);
    if (money.charge && claimed.chargeCents > 0) {
      await tx.execute(sql`
        insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, currency, provider,
          provider_reference, adjustment_id, created_at)
        select 'charge', i.order_id, i.id, ${claimed.chargeCents}, i.currency, ${money.charge.provider}::payment_provider,
          ${money.charge.reference}, ${adjustmentId}, ${timestamp(at)}
        from ${orderItems} i where i.id = ${claimed.itemId}`);
    }
    if (money.refunds.length > 0) await tx.execute(refundRows(adjustmentId, money.refunds, at));
    return true;
  });
}
