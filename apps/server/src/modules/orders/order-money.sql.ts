/**
 * An item's money as its rows record it, for the order views (decision 010, "What the buyer reads
 * of an order's money"): one correlated column of `loadItems`, so the views stay three statements
 * whatever the number of orders. The view's figures are made from it in order-money.ts.
 */
import { moneyMovements, orderItemAdjustments, plans } from '@everdeal/db';
import { type Column, sql } from 'drizzle-orm';

const isoText = (at: ReturnType<typeof sql>) =>
  sql`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The JSON text of the item's `ItemMoneyFacts` (order-money.ts): its checkout charge rows (the
 * card's part, VAT included and apart), what disputes took, and each change that went through or
 * moved money, oldest first, with the rows it moved. A refund's or downgrade's part paid with store
 * credit goes back to the wallet, not through a row (decision 030): its `credit_refund_cents` counts
 * with the refund rows once the change succeeded.
 */
export const itemMoneyFacts = (itemId: Column) => sql<string>`(select json_build_object(
    'checkoutCardPriceCents', coalesce(sum(m.amount_cents - m.tax_cents)
      filter (where m.kind = 'charge' and m.adjustment_id is null), 0)::int,
    'checkoutCardCents', coalesce(sum(m.amount_cents) filter (where m.kind = 'charge' and m.adjustment_id is null), 0)::int,
    'chargedBackCents', (coalesce(sum(m.amount_cents) filter (where m.kind = 'chargeback'), 0)
      - coalesce(sum(m.amount_cents) filter (where m.kind = 'chargeback_reversal'), 0))::int,
    'hasChargeback', count(*) filter (where m.kind = 'chargeback') > 0,
    'adjustments', (select coalesce(json_agg(json_build_object(
        'adjustmentId', a.id, 'kind', a.kind, 'status', a.status,
        'fromPlanId', a.from_plan_id, 'toPlanId', a.to_plan_id,
        'fromPlanName', coalesce(fp.name, ''), 'toPlanName', coalesce(tp.name, ''),
        'chargedCents', r.charged, 'chargedTaxCents', r.charged_tax,
        'refundedCents', r.refunded + case when a.status = 'succeeded' then a.credit_refund_cents else 0 end,
        'refundedCreditCents', case when a.status = 'succeeded' then a.credit_refund_cents else 0 end,
        'refundedTaxCents', r.refunded_tax,
        'at', ${isoText(sql`coalesce(a.completed_at, a.created_at)`)})
        order by coalesce(a.completed_at, a.created_at), a.created_at, a.id), '[]'::json)
      from ${orderItemAdjustments} a
      left join ${plans} fp on fp.id = a.from_plan_id
      left join ${plans} tp on tp.id = a.to_plan_id
      cross join lateral (
        select coalesce(sum(x.amount_cents) filter (where x.kind = 'charge'), 0)::int as charged,
               coalesce(sum(x.tax_cents) filter (where x.kind = 'charge'), 0)::int as charged_tax,
               coalesce(sum(x.amount_cents) filter (where x.kind = 'refund'), 0)::int as refunded,
               coalesce(sum(x.tax_cents) filter (where x.kind = 'refund'), 0)::int as refunded_tax
        from ${moneyMovements} x where x.adjustment_id = a.id
      ) r
      where a.order_item_id = ${itemId}
        and (a.status = 'succeeded' or r.charged > 0 or r.refunded > 0))
  )::text
  from ${moneyMovements} m where m.order_item_id = ${itemId})`;
