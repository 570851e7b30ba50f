/**
 * The invoice of an upgrade's charge or a renewal's (decision 038): its own number of the
 * invoices' series, taken in the transaction that records the charge, as the checkout's is. It
 * bills the adjustment's price and the VAT decided when the change began, with the billing details
 * read then (decision 037), and names what changed: the plans of an upgrade, the period of a
 * renewal.
 */
import {
  type Db,
  invoices,
  orderItemAdjustments,
  orderItems,
  orders,
  paymentMethods,
  plans,
  users,
} from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { INVOICE_SERIES } from './invoice-number';
import { documentNumber, takeNumberCte } from './invoices.sql';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const isoText = (at: SQL) => sql`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Issues the invoice of a succeeded charging adjustment, inside the transaction that recorded its
 * charge and after the item took its new plan or period, as that transaction's last lock (the
 * counter's). Nothing for an adjustment that charged nothing; a second call for the same
 * adjustment meets `invoices_adjustment_invoice_key`. `seller` is the JSON of the configured
 * `InvoiceSeller`. Answers the number.
 */
export async function issueAdjustmentInvoice(
  tx: Tx,
  adjustmentId: string,
  at: Date,
  seller: unknown,
): Promise<string | null> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ number: string }>(
    tx,
    sql`
    with source as (
      select a.id as adjustment_id, a.kind::text as kind, a.charge_cents, a.tax_cents, a.tax_rate_basis_points,
             a.tax_reverse_charge, a.billing_details, i.order_id, i.currency, i.product_name, i.plan_name, i.quantity,
             i.unit_price_cents, i.discount_cents,
             i.period_start, i.period_end, f.name as from_plan, t.name as to_plan,
             u.email, u.first_name, u.last_name, card.brand, card.last4
      from ${orderItemAdjustments} a
      join ${orderItems} i on i.id = a.order_item_id
      join ${orders} o on o.id = i.order_id
      join ${users} u on u.id = o.user_id
      left join ${plans} f on f.id = a.from_plan_id
      left join ${plans} t on t.id = a.to_plan_id
      left join lateral (
        select pm.brand, pm.last4 from ${paymentMethods} pm
        where pm.user_id = a.user_id and pm.provider_token = coalesce(a.payment_token, o.payment_token) limit 1
      ) card on true
      where a.id = ${adjustmentId} and a.status = 'succeeded' and a.charge_cents > 0
        and a.kind in ('plan_change', 'renewal')
    ), ${takeNumberCte('invoice_number', INVOICE_SERIES, 'source', when)}
    insert into ${invoices} (kind, number, order_id, adjustment_id, issued_at, total_cents, currency, document)
    select 'invoice', n.number, s.order_id, s.adjustment_id, ${when}, s.charge_cents + s.tax_cents, s.currency,
      jsonb_strip_nulls(jsonb_build_object(
        'kind', 'invoice', 'number', n.number, 'issuedAt', ${at.toISOString()}::text,
        'orderId', s.order_id, 'currency', s.currency, 'seller', ${seller}::jsonb,
        'buyer', jsonb_build_object('name', trim(s.first_name || ' ' || s.last_name), 'email', s.email),
        'billing', s.billing_details,
        'lines', jsonb_build_array(case when s.kind = 'renewal' then jsonb_build_object(
            'product', s.product_name, 'plan', s.plan_name, 'quantity', r.quantity,
            'unitPriceCents', r.unit_price_cents, 'discountCents', r.discount_cents,
            'amountCents', s.charge_cents, 'reason', 'renewal',
            'periodStart', ${isoText(sql`s.period_start`)}, 'periodEnd', ${isoText(sql`s.period_end`)})
          else jsonb_build_object(
            'product', s.product_name, 'plan', coalesce(s.to_plan, s.plan_name), 'quantity', 1,
            'unitPriceCents', s.charge_cents, 'amountCents', s.charge_cents, 'reason', 'upgrade',
            'fromPlan', s.from_plan, 'toPlan', coalesce(s.to_plan, s.plan_name)) end),
        'paidWithCreditCents', 0,
        -- The VAT as decided when the change began (decision 037), as checkout's invoice prints it.
        'tax', case when s.tax_cents > 0 or s.tax_reverse_charge then jsonb_build_object(
          'rateBasisPoints', s.tax_rate_basis_points, 'amountCents', s.tax_cents,
          'reverseCharge', s.tax_reverse_charge) end,
        'card', case when s.brand is null then null else jsonb_build_object('brand', s.brand, 'last4', s.last4) end,
        'adjustmentId', s.adjustment_id))
    from source s, invoice_number c,
      lateral (select ${documentNumber(INVOICE_SERIES, sql`c.year`, sql`c.last_number`)} as number) n,
      -- A renewal's line adds up as checkout's invoice does: its unit price less the coupon's share
      -- the item keeps (decision 040) when that is what was charged; else (the plan's price fell
      -- since, decision 020) the charge is that price for every seat; a charge no seat count
      -- divides is one line of its amount.
      lateral (select
        case when s.unit_price_cents * s.quantity - s.discount_cents = s.charge_cents then s.quantity
             when s.charge_cents % s.quantity = 0 then s.quantity else 1 end as quantity,
        case when s.unit_price_cents * s.quantity - s.discount_cents = s.charge_cents then s.unit_price_cents
             when s.charge_cents % s.quantity = 0 then s.charge_cents / s.quantity else s.charge_cents end as unit_price_cents,
        case when s.unit_price_cents * s.quantity - s.discount_cents = s.charge_cents and s.discount_cents > 0
             then s.discount_cents end as discount_cents) r
    returning number`,
  );
  return row?.number ?? null;
}
