/**
 * A renewal charge the provider made always ends as a row in the store (decision 020): paid, or
 * returned at once with a logged reason. This file holds the returning and the audit that finds
 * a succeeded renewal whose charge row is missing. Both are keyed so that two instances, or a
 * retry after an outage, make each provider refund once and write each row once.
 */
import { moneyMovements, type OrderItemAdjustmentRow, orderItemAdjustments, orderItems } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { adjustmentKey, adjustmentPayment } from './adjustments';
import type { CheckoutDeps } from './checkout-deps';

const RETURN_BATCH = 100;
const UNRECORDED_CHARGE = 'the renewal was charged but not recorded: the charge is returned';

type OwedCharge = {
  adjustmentId: string;
  movementId: string;
  orderId: string;
  orderItemId: string;
  reference: string;
  currency: string;
  owedCents: number;
  owedTaxCents: number;
};

/**
 * Returns what renewal attempts owe back (`refund_cents` marked by the attempt's finishing
 * statement, less the refund rows already written): one provider refund per attempt under its
 * own key, one refund row per provider refund (the money rows' unique reference admits it once).
 * A provider that refuses is logged for an operator; one that does not answer is tried next round.
 * Answers how many were returned.
 */
export async function returnRenewalCharges(deps: CheckoutDeps, adjustmentId?: string): Promise<number> {
  const owed = await queryRows<OwedCharge>(
    deps.db,
    sql`
    select a.id as "adjustmentId", m.id as "movementId", m.order_id as "orderId", m.order_item_id as "orderItemId",
           m.provider_reference as "reference", m.currency,
           (a.refund_cents - coalesce((select sum(r.amount_cents) from ${moneyMovements} r
                                       where r.adjustment_id = a.id and r.kind = 'refund'), 0))::int as "owedCents",
           (m.tax_cents - coalesce((select sum(r.tax_cents) from ${moneyMovements} r
                                    where r.adjustment_id = a.id and r.kind = 'refund'), 0))::int as "owedTaxCents"
    from ${orderItemAdjustments} a
    join ${moneyMovements} m on m.adjustment_id = a.id and m.kind = 'charge'
    where a.kind = 'renewal' and a.status = 'succeeded' and a.refund_cents > 0
      ${adjustmentId ? sql`and a.id = ${adjustmentId}` : sql``}
    limit ${RETURN_BATCH}`,
  );
  let returned = 0;
  for (const charge of owed) {
    if (charge.owedCents <= 0) continue;
    try {
      const outcome = await deps.provider.refund({
        key: `${adjustmentKey(charge.adjustmentId)}:return`,
        orderId: charge.orderId,
        chargeReference: charge.reference,
        amountCents: charge.owedCents,
        currency: charge.currency,
      });
      if (outcome.status === 'failed') {
        deps.log.error(
          { adjustmentId: charge.adjustmentId, reason: outcome.message },
          'a renewal charge could not be returned',
        );
        continue;
      }
      await deps.db
        .insert(moneyMovements)
        .values({
          kind: 'refund',
          orderId: charge.orderId,
          orderItemId: charge.orderItemId,
          amountCents: charge.owedCents,
          // The whole charge goes back, so all its VAT with it (decision 037).
          taxCents: Math.min(charge.owedTaxCents, charge.owedCents),
          currency: charge.currency,
          provider: deps.provider.name,
          providerReference: outcome.reference,
          refundedMovementId: charge.movementId,
          adjustmentId: charge.adjustmentId,
          createdAt: deps.now(),
        })
        .onConflictDoNothing();
      returned += 1;
    } catch (error) {
      deps.log.error({ err: error, adjustmentId: charge.adjustmentId }, 'returning a renewal charge failed');
    }
  }
  return returned;
}

/**
 * Succeeded renewal attempts with a charge and no charge row, as an earlier build left them when
 * the item's period had moved: the provider is asked, and a payment it holds is written as a row
 * and marked to be returned (the item was not renewed by it). Answers how many were found.
 */
export async function findUnrecordedRenewalCharges(deps: CheckoutDeps): Promise<number> {
  const missing = await queryRows<{ id: string; orderId: string }>(
    deps.db,
    sql`
    select a.id, i.order_id as "orderId"
    from ${orderItemAdjustments} a join ${orderItems} i on i.id = a.order_item_id
    where a.kind = 'renewal' and a.status = 'succeeded' and a.charge_cents > 0
      and not exists (select 1 from ${moneyMovements} m where m.adjustment_id = a.id and m.kind = 'charge')
    limit ${RETURN_BATCH}`,
  );
  let found = 0;
  for (const { id, orderId } of missing) {
    const [adjustment] = await deps.db.select().from(orderItemAdjustments).where(eq(orderItemAdjustments.id, id));
    if (!adjustment) continue;
    try {
      if (await recordUnrecordedCharge(deps, adjustment, orderId)) found += 1;
    } catch (error) {
      deps.log.error({ err: error, adjustmentId: id }, 'checking a renewal charge failed');
    }
  }
  return found;
}

async function recordUnrecordedCharge(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, orderId: string) {
  const outcome = await deps.provider.lookup(await adjustmentPayment(deps, adjustment, orderId));
  if (outcome?.status !== 'succeeded') return false;
  const reference = outcome.reference;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, tax_cents, currency, provider,
        provider_reference, adjustment_id, created_at)
      select 'charge', i.order_id, i.id, ${adjustment.chargeCents + adjustment.taxCents}, ${adjustment.taxCents},
        i.currency, ${deps.provider.name}::payment_provider, ${reference}, ${adjustment.id},
        ${deps.now().toISOString()}::timestamptz
      from ${orderItems} i where i.id = ${adjustment.orderItemId}
      on conflict do nothing`);
    await tx.execute(sql`
      update ${orderItemAdjustments} set refund_cents = charge_cents + tax_cents, failure_message = ${UNRECORDED_CHARGE}
      where id = ${adjustment.id} and refund_cents = 0`);
  });
  deps.log.error({ adjustmentId: adjustment.id, orderId }, 'a renewal charge had no row: recorded and returned');
  return true;
}
