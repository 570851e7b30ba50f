/**
 * The money rows of a card dispute (decision 039): what each charge of a payment still holds
 * (after its refunds and earlier chargebacks), how the amount the provider took is spread over
 * them with its VAT, and the `chargeback` and `chargeback_reversal` rows. Each row names the
 * charge it took money from, as a refund row does, so every statement that reads a seller's
 * money from the charges less what left them sees it (sellers/sale-money.sql.ts).
 */
import { RefundMessage } from '@everdeal/contracts';
import { moneyMovements, orderItemAdjustments, orderItems } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import type { Runner, Tx } from './adjustments.sql';

/** A charge of the disputed payment with what it still holds, price and VAT apart. */
export type DisputedCharge = {
  movementId: string;
  itemId: string;
  heldCents: number;
  heldTaxCents: number;
};

/**
 * Locks the order's items (in id order, so two recorders cannot deadlock) and answers whether a
 * refund or plan change is under way on one of them: its provider call may be in flight, so a
 * chargeback then would return the same money twice (decision 039 waits for it to finish).
 * The pending adjustments are read by a second statement, after the locks: a refund that held an
 * item's lock commits its pending adjustment before the lock is ours, and a subquery of the
 * locking statement would still read the snapshot from before it (READ COMMITTED re-checks only
 * the locked row itself), so the chargeback would not see the refund it must wait for.
 */
export async function lockOrderItems(tx: Tx, orderId: string): Promise<{ ids: string[]; busy: boolean }> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select i.id from ${orderItems} i where i.order_id = ${orderId} order by i.id for update of i`,
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { ids, busy: false };
  const [pending] = await queryRows<{ busy: boolean }>(
    tx,
    sql`
    select exists (select 1 from ${orderItemAdjustments} a
      where a.order_item_id in (select i.id from ${orderItems} i where i.order_id = ${orderId})
        and a.status = 'pending' and a.kind in ('refund', 'plan_change')) as "busy"`,
  );
  return { ids, busy: pending?.busy === true };
}

/**
 * The order's charges of one provider payment (`paymentReference`; null: the checkout's own
 * charges) with what each still holds after its refunds and chargebacks, reversals given back.
 */
export async function disputedCharges(
  db: Runner,
  orderId: string,
  paymentReference: string | null,
): Promise<DisputedCharge[]> {
  const payment =
    paymentReference === null ? sql`m.adjustment_id is null` : sql`m.provider_reference = ${paymentReference}`;
  return queryRows<DisputedCharge>(
    db,
    sql`
    select m.id as "movementId", m.order_item_id as "itemId",
           (m.amount_cents - r.amount)::int as "heldCents", (m.tax_cents - r.tax)::int as "heldTaxCents"
    from ${moneyMovements} m
    cross join lateral (
      select coalesce(sum(case when p.kind = 'chargeback_reversal' then -p.amount_cents else p.amount_cents end), 0) as amount,
             coalesce(sum(case when p.kind = 'chargeback_reversal' then -p.tax_cents else p.tax_cents end), 0) as tax
      from ${moneyMovements} p where p.refunded_movement_id = m.id
    ) r
    where m.order_id = ${orderId} and m.kind = 'charge' and ${payment}
    order by m.order_item_id, m.id`,
  );
}

/** One chargeback row to write: `amountCents` taken from one charge, `taxCents` of it VAT. */
export type ChargebackPart = { movementId: string; itemId: string; amountCents: number; taxCents: number };

/**
 * Spreads what the provider took (`'all'`: everything the charges hold) over the charges in
 * proportion to what each holds, the cents left by rounding to the first ones, never more than a
 * charge holds; each part carries the VAT its share of the charge held (rounded half up), so the
 * sellers lose the price share and never the VAT (decision 037). Answers no part when nothing is held.
 */
export function splitChargeback(charges: DisputedCharge[], takenCents: number | 'all'): ChargebackPart[] {
  const holding = charges.filter((charge) => charge.heldCents > 0);
  const held = holding.reduce((sum, charge) => sum + charge.heldCents, 0);
  const total = takenCents === 'all' ? held : Math.min(takenCents, held);
  if (total <= 0) return [];
  const amounts = holding.map((charge) => Math.floor((charge.heldCents * total) / held));
  let left = total - amounts.reduce((sum, cents) => sum + cents, 0);
  holding.forEach((charge, index) => {
    const room = charge.heldCents - (amounts[index] ?? 0);
    const extra = Math.min(room, left);
    amounts[index] = (amounts[index] ?? 0) + extra;
    left -= extra;
  });
  return holding
    .map((charge, index) => {
      const amountCents = amounts[index] ?? 0;
      const taxCents =
        amountCents === charge.heldCents
          ? charge.heldTaxCents
          : Math.min(
              charge.heldTaxCents,
              Math.floor((2 * amountCents * charge.heldTaxCents + charge.heldCents) / (2 * charge.heldCents)),
            );
      return { movementId: charge.movementId, itemId: charge.itemId, amountCents, taxCents };
    })
    .filter((part) => part.amountCents > 0);
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Writes the chargeback rows of one dispute; a row already written (the webhook again, another
 * instance) is left as it is by the (kind, reference, item) key. Answers the items of new rows.
 */
export async function insertChargebackRows(
  tx: Tx,
  disputeReference: string,
  parts: ChargebackPart[],
  at: Date,
): Promise<string[]> {
  if (parts.length === 0) return [];
  const rows = await queryRows<{ itemId: string }>(
    tx,
    sql`
    insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, tax_cents, currency, provider,
      provider_reference, refunded_movement_id, created_at)
    select 'chargeback', m.order_id, m.order_item_id, r.amount_cents, r.tax_cents, m.currency, m.provider,
      ${disputeReference}, m.id, ${timestamp(at)}
    from json_to_recordset(${JSON.stringify(
      parts.map((part) => ({ movement_id: part.movementId, amount_cents: part.amountCents, tax_cents: part.taxCents })),
    )}::json) as r(movement_id uuid, amount_cents int, tax_cents int)
    join ${moneyMovements} m on m.id = r.movement_id
    on conflict (kind, provider_reference, order_item_id) do nothing
    returning order_item_id as "itemId"`,
  );
  return rows.map((row) => row.itemId);
}

/** Whether a dispute of this reference was recorded for the order already. */
export async function chargebackRecorded(db: Runner, orderId: string, disputeReference: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ${moneyMovements}
    where order_id = ${orderId} and kind = 'chargeback' and provider_reference = ${disputeReference} limit 1`,
  );
  return rows.length > 0;
}

/**
 * The reversal rows of a won dispute: each chargeback row's money back, once (the same key), naming
 * the same charge. Answers how many rows were new.
 */
export async function insertReversalRows(tx: Tx, disputeReference: string, at: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, tax_cents, currency, provider,
      provider_reference, refunded_movement_id, created_at)
    select 'chargeback_reversal', c.order_id, c.order_item_id, c.amount_cents, c.tax_cents, c.currency, c.provider,
      c.provider_reference, c.refunded_movement_id, ${timestamp(at)}
    from ${moneyMovements} c
    where c.kind = 'chargeback' and c.provider_reference = ${disputeReference}
    on conflict (kind, provider_reference, order_item_id) do nothing
    returning id`,
  );
  return rows.length;
}

/** Whether the item's money was taken back by a card dispute (it is then never refunded again). */
async function isChargedBack(db: Runner, itemId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ${moneyMovements} where order_item_id = ${itemId} and kind = 'chargeback' limit 1`,
  );
  return rows.length > 0;
}

/**
 * Why an item that is not active cannot be refunded or changed (requirements §8's 409s): a
 * charged-back item says so (decision 039), a refunded one that it was refunded, else not active.
 */
export async function inactiveItemRefusal(db: Runner, item: { id: string; status: string }): Promise<string> {
  if (item.status === 'refunded') {
    return (await isChargedBack(db, item.id)) ? RefundMessage.chargedBack : RefundMessage.alreadyRefunded;
  }
  return RefundMessage.notActive;
}
