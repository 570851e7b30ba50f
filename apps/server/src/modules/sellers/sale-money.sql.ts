import { moneyMovements, orderItemAdjustments, orderItems, orders, products } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The money of sold items as the seller is paid for it (decisions 014 and 030), one row per event:
 *
 * - each card charge (`money_movements` kind `charge`: checkout, upgrade, renewal), at its time,
 *   without its VAT (`tax_cents`, decision 037: tax is the store's to pay over, not the seller's);
 * - the part the item was paid with store credit at checkout (`order_items.paid_with_credit_cents`
 *   of a paid order), as one charge with the id `credit:<itemId>`, at the order's payment;
 * - each card refund (`money_movements` kind `refund`, including the rows of a refund to store
 *   credit, which name the card charge they return), naming its charge, at its time, without its VAT;
 *   a chargeback (decision 039) as such a refund, its reversal as a negative one;
 * - the credit part a succeeded refund or downgrade gave back
 *   (`order_item_adjustments.credit_refund_cents`), as a refund of `credit:<itemId>` with the id
 *   `credit-refund:<adjustmentId>`, at the adjustment's completion.
 *
 * So a sale paid with credit earns the seller the same as one paid by card, and every statement of
 * a seller's money (sales, payouts and the payable balance, statements, the sales list, analytics)
 * reads this one definition. Columns: `id`, `kind` ('charge' | 'refund'), `order_id`,
 * `order_item_id`, `product_id`, `amount_cents`, `currency`, `moved_at`, `charge_id` (a refund's charge,
 * null for a charge). `items` is a condition on `i`, the `order_items` row of each event; it is
 * repeated in every branch so the planner filters each before the union. Only an item with a
 * credit share can have credit returned, so the adjustments are read for those items alone.
 */
export function saleMoney(items: SQL): SQL {
  return sql`(
    select m.id::text as id, case when m.kind = 'charge' then 'charge' else 'refund' end as kind, m.order_id,
      m.order_item_id, i.product_id,
      case when m.kind = 'chargeback_reversal' then m.tax_cents - m.amount_cents else m.amount_cents - m.tax_cents end
        as amount_cents,
      m.currency, m.created_at as moved_at, m.refunded_movement_id::text as charge_id
    from ${moneyMovements} m join ${orderItems} i on i.id = m.order_item_id
    where ${items}
    union all
    select 'credit:' || i.id::text, 'charge', i.order_id, i.id, i.product_id, i.paid_with_credit_cents,
      i.currency, o.paid_at, null
    from ${orderItems} i join ${orders} o on o.id = i.order_id
    where i.paid_with_credit_cents > 0 and o.status = 'paid' and o.paid_at is not null and ${items}
    union all
    select 'credit-refund:' || a.id::text, 'refund', i.order_id, i.id, i.product_id, a.credit_refund_cents,
      i.currency, a.completed_at, 'credit:' || i.id::text
    from ${orderItemAdjustments} a join ${orderItems} i on i.id = a.order_item_id
    where i.paid_with_credit_cents > 0 and a.status = 'succeeded' and a.kind in ('refund', 'plan_change')
      and a.credit_refund_cents > 0 and a.completed_at is not null and ${items}
  )`;
}

/** The condition on `i` of the items of one seller's products. */
export const itemsOfSeller = (sellerId: number): SQL =>
  sql`i.product_id in (select p.id from ${products} p where p.seller_id = ${sellerId})`;

/** The condition on `i` of one item, named by a column or expression of the outer statement. */
export const itemNamed = (itemId: SQL | SQL.Aliased | typeof orderItems.id): SQL => sql`i.id = ${itemId}`;
