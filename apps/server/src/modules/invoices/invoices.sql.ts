/**
 * Issuing invoices and credit notes (decision 038): a number is taken by an upsert of the
 * (series, year) counter row in the very transaction that issues the document, so concurrent
 * issuers wait on the row lock one after another, and a transaction that rolls back gives its
 * number back with everything else: numbers run 1, 2, 3… per year without gaps (a sequence would
 * leave one at every rollback). The document's JSON (`IssuedDocument`) is written with the number.
 */
import {
  type Db,
  invoiceCounters,
  invoices,
  moneyMovements,
  orderItemAdjustments,
  orderItems,
  plans,
} from '@everdeal/db';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { CREDIT_NOTE_SERIES, INVOICE_SERIES, NUMBER_DIGITS } from './invoice-number';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The number of the `sequence`th document of `year` (invoice-number.ts `formatDocumentNumber`). */
export function documentNumber(series: string, year: SQL, sequence: SQL): SQL {
  return sql`${literal(series)} || '-' || ${year}::text || '-' || lpad(${sequence}::text, greatest(${sql.raw(String(NUMBER_DIGITS))}, length(${sequence}::text)), '0')`;
}

/**
 * The series are constants of this file, written into the text rather than sent as parameters:
 * the settle statement is prepared once with placeholders for what changes (lib/prepared.ts).
 */
const literal = (series: string) => {
  if (!/^[A-Z-]+$/.test(series)) throw new Error(`bad series ${series}`);
  return sql.raw(`'${series}'::text`);
};

/** The UTC calendar year of a `timestamptz`. */
const yearOf = (at: SQL) => sql`extract(year from (${at}) at time zone 'UTC')::int`;

/** Takes the next number of the series in the year of `at`, once per row of `source`. */
export function takeNumberCte(name: string, series: string, source: string, at: SQL): SQL {
  return sql`${sql.raw(name)} as (
      insert into ${invoiceCounters} (series, year, last_number)
      select ${literal(series)}, ${yearOf(at)}, 1 from ${sql.raw(source)}
      on conflict (series, year) do update set last_number = ${invoiceCounters}.last_number + 1
      returning year, last_number
    )`;
}

/**
 * CTEs for the settle statement (orders/settle.sql.ts): the invoice of the order it settled, if
 * it settled one. `settled` must return the order's id, currency, total_cents,
 * paid_with_credit_cents, card_brand, card_last4, tax_cents, tax_rate_basis_points,
 * tax_reverse_charge, billing_details, email, first_name and last_name; `items` its
 * items' product_name, plan_name, quantity, unit_price_cents, amount_cents, discount_cents,
 * sale_discount_cents and position. `seller`
 * is the JSON of the configured `InvoiceSeller`. Adds `invoice` (returning `number`).
 */
export function issueInvoiceCtes(at: SQL, seller: unknown): SQL {
  return sql`${takeNumberCte('invoice_number', INVOICE_SERIES, 'settled', at)}, invoice as (
      insert into ${invoices} (kind, number, order_id, issued_at, total_cents, currency, document)
      select 'invoice', n.number, settled.id, ${at}, settled.total_cents + settled.tax_cents, settled.currency,
        jsonb_build_object(
          'kind', 'invoice', 'number', n.number,
          'issuedAt', to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'orderId', settled.id, 'currency', settled.currency, 'seller', ${seller}::jsonb,
          'buyer', jsonb_build_object('name', trim(settled.first_name || ' ' || settled.last_name), 'email', settled.email),
          'lines', (select coalesce(jsonb_agg(jsonb_build_object(
              'product', i.product_name, 'plan', i.plan_name, 'quantity', i.quantity,
              'unitPriceCents', i.unit_price_cents, 'amountCents', i.amount_cents,
              'discountCents', i.discount_cents, 'saleDiscountCents', i.sale_discount_cents)
              order by i.position), '[]'::jsonb)
            from items i),
          'paidWithCreditCents', settled.paid_with_credit_cents,
          -- The buyer's billing details and the VAT as the order was made (decision 037).
          'billing', settled.billing_details,
          'tax', case when settled.tax_cents > 0 or settled.tax_reverse_charge then jsonb_build_object(
            'rateBasisPoints', settled.tax_rate_basis_points, 'amountCents', settled.tax_cents,
            'reverseCharge', settled.tax_reverse_charge) end,
          'card', case when settled.card_brand is null or settled.card_last4 is null then null
            else jsonb_build_object('brand', settled.card_brand, 'last4', settled.card_last4) end)
      from settled, invoice_number c,
        lateral (select ${documentNumber(INVOICE_SERIES, sql`c.year`, sql`c.last_number`)} as number) n
      returning number
    )`;
}

/** What an adjustment returned of one invoice's charges: the credit note of that invoice. */
type CreditedPart = { invoiceId: string; cents: number; taxCents: number; creditCents: number };

/**
 * What a refund or a downgrade returned, by the invoice that billed it: each refund row returns money
 * of one charge, the checkout's (billed by the order's invoice) or an upgrade's or a renewal's
 * (billed by its own), with the VAT that charge carried; the part returned as store credit was paid
 * at checkout, and store credit pays the price only (decisions 030, 037). Oldest invoice first.
 */
async function creditedParts(tx: Tx, adjustmentId: string): Promise<CreditedPart[]> {
  return queryRows<CreditedPart>(
    tx,
    sql`
    with adjustment as (
      select a.id, a.credit_refund_cents, i.order_id from ${orderItemAdjustments} a
      join ${orderItems} i on i.id = a.order_item_id
      where a.id = ${adjustmentId} and a.refund_cents > 0
    ), order_invoice as (
      select oi.id from ${invoices} oi join adjustment a on oi.order_id = a.order_id
      where oi.kind = 'invoice' and oi.adjustment_id is null
    ), parts as (
      select coalesce(ai.id, (select id from order_invoice)) as invoice_id, r.amount_cents as cents,
             r.tax_cents as tax, 0 as credit
      from ${moneyMovements} r
      join adjustment a on a.id = r.adjustment_id
      join ${moneyMovements} c on c.id = r.refunded_movement_id
      left join ${invoices} ai on ai.adjustment_id = c.adjustment_id and ai.kind = 'invoice'
      where r.kind = 'refund'
      union all
      select (select id from order_invoice), a.credit_refund_cents, 0, a.credit_refund_cents
      from adjustment a where a.credit_refund_cents > 0
    )
    select p.invoice_id as "invoiceId", sum(p.cents)::int as "cents", sum(p.tax)::int as "taxCents",
           sum(p.credit)::int as "creditCents"
    from parts p join ${invoices} inv on inv.id = p.invoice_id
    group by p.invoice_id, inv.issued_at, inv.id
    order by inv.issued_at, inv.id`,
  );
}

/**
 * The credit notes of a refund or a plan change's refund, in the transaction that finishes it
 * (orders/adjustments.sql.ts), as its last lock (after the item's and the wallet's, which every
 * refund path takes in that order): one per invoice whose charges it returned money from, each with
 * the amount and VAT returned of that invoice, at that invoice's rate and reverse charge, so a
 * quarter's VAT report corrects the quarter each invoice was declared in (decisions 038, 048). The
 * item and plan as bought. Money of an order with no invoice (paid before invoices existed) and an
 * adjustment that refunds nothing get none. Answers the numbers, oldest credited invoice first.
 */
export async function issueCreditNotes(
  tx: Tx,
  adjustmentId: string,
  at: Date,
  seller: unknown,
  options: { refundedToCredit: boolean },
): Promise<string[]> {
  const numbers: string[] = [];
  for (const part of await creditedParts(tx, adjustmentId)) {
    const number = await issueCreditNote(tx, adjustmentId, part, at, seller, options);
    if (number) numbers.push(number);
  }
  return numbers;
}

async function issueCreditNote(
  tx: Tx,
  adjustmentId: string,
  part: CreditedPart,
  at: Date,
  seller: unknown,
  options: { refundedToCredit: boolean },
): Promise<string | null> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ number: string }>(
    tx,
    sql`
    with source as (
      select a.id as adjustment_id, a.kind,
             -- The plan a downgrade leaves, else the plan the credited invoice billed: an upgrade's
             -- or a renewal's its line's, the order's the plan bought (before any plan change).
             i.product_name, coalesce(f.name, case when inv.adjustment_id is not null
               then inv.document -> 'lines' -> 0 ->> 'plan' else coalesce(bought.name, i.plan_name) end) as plan_name,
             i.quantity, p.name as to_plan,
             inv.id as invoice_id, inv.number as invoice_number, inv.order_id, inv.currency,
             inv.document -> 'buyer' as buyer, inv.document -> 'billing' as billing,
             inv.document -> 'tax' as invoice_tax
      from ${orderItemAdjustments} a
      join ${orderItems} i on i.id = a.order_item_id
      join ${invoices} inv on inv.id = ${part.invoiceId}
      left join ${plans} p on p.id = a.to_plan_id
      left join ${plans} f on f.id = a.from_plan_id
      left join lateral (
        select fp.name from ${orderItemAdjustments} c
        join ${plans} fp on fp.id = c.from_plan_id
        where c.order_item_id = i.id and c.kind = 'plan_change' and c.status = 'succeeded'
        order by c.created_at, c.id limit 1
      ) bought on true
      where a.id = ${adjustmentId}
    ), ${takeNumberCte('credit_note_number', CREDIT_NOTE_SERIES, 'source', when)}
    insert into ${invoices} (kind, number, order_id, adjustment_id, credited_invoice_id, issued_at, total_cents,
                             currency, document)
    select 'credit_note', n.number, s.order_id, s.adjustment_id, s.invoice_id, ${when}, ${part.cents}::int, s.currency,
      jsonb_strip_nulls(jsonb_build_object(
        'kind', 'credit_note', 'number', n.number, 'issuedAt', ${at.toISOString()}::text,
        'orderId', s.order_id, 'currency', s.currency, 'seller', ${seller}::jsonb, 'buyer', s.buyer,
        'billing', s.billing,
        'lines', jsonb_build_array(jsonb_build_object(
          'product', s.product_name, 'plan', s.plan_name, 'quantity', 1,
          'unitPriceCents', ${part.cents - part.taxCents}::int, 'amountCents', ${part.cents - part.taxCents}::int,
          'reason', s.kind::text, 'toPlan', s.to_plan)),
        -- An invoice without VAT stored its tax as JSON null, which is not SQL null: only an
        -- object is a tax to credit (decision 048 found credit notes with a rateless tax).
        'tax', case when jsonb_typeof(s.invoice_tax) = 'object' then jsonb_build_object(
          'rateBasisPoints', s.invoice_tax -> 'rateBasisPoints', 'amountCents', ${part.taxCents}::int,
          'reverseCharge', s.invoice_tax -> 'reverseCharge') end,
        'paidWithCreditCents', ${part.creditCents}::int, 'card', null,
        'creditedInvoiceNumber', s.invoice_number, 'refundedToCredit', ${options.refundedToCredit}::boolean))
    from source s, credit_note_number c,
      lateral (select ${documentNumber(CREDIT_NOTE_SERIES, sql`c.year`, sql`c.last_number`)} as number) n
    returning number`,
  );
  return row?.number ?? null;
}

/** The order's invoice number, for a column list of the order views (null before it is paid). */
export const orderInvoiceNumber = (orderId: Column) =>
  sql<string | null>`(select n.number from ${invoices} n
    where n.order_id = ${orderId} and n.kind = 'invoice' and n.adjustment_id is null)`;

/**
 * The JSON text of an item's invoices of upgrades and renewals (`AdjustmentInvoiceSummary[]`,
 * oldest first), for a column list of the order views.
 */
export const itemAdjustmentInvoices = (itemId: Column) =>
  sql<string>`(select coalesce(json_agg(json_build_object('id', n.id, 'number', n.number,
      'adjustmentId', n.adjustment_id, 'kind', a.kind, 'amountCents', n.total_cents,
      'issuedAt', to_char(n.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by n.number),
    '[]'::json)::text
    from ${invoices} n join ${orderItemAdjustments} a on a.id = n.adjustment_id
    where a.order_item_id = ${itemId} and n.kind = 'invoice')`;

/**
 * The JSON text of an item's credit notes (`CreditNoteSummary[]`, oldest first), for a column list
 * of the order views: a credit note credits one item's refund or plan change.
 */
export const itemCreditNotes = (itemId: Column) =>
  sql<string>`(select coalesce(json_agg(json_build_object('id', n.id, 'number', n.number,
      'amountCents', n.total_cents,
      'issuedAt', to_char(n.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by n.number),
    '[]'::json)::text
    from ${invoices} n join ${orderItemAdjustments} a on a.id = n.adjustment_id
    where a.order_item_id = ${itemId} and n.kind = 'credit_note')`;
