/**
 * The settle phase's statements: a pending order becomes paid or failed (decision 007). Each change of state is
 * one statement guarded by `status = 'pending'`: PostgreSQL takes the order's row lock and, when
 * another transaction changed the row first, evaluates the guard again on the new version, so of
 * two callers (the request, a duplicate request, the webhook, the reconciliation job) exactly
 * one moves the order and the others see that nothing matched.
 */
import {
  cartCoupons,
  cartItems,
  couponRedemptions,
  coupons,
  type Db,
  itemTransfers,
  licenseCodes,
  mailOutbox,
  moneyMovements,
  orderItemCodes,
  orderItems,
  orders,
  products,
  sellerMembers,
  users,
} from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';
import { queryRows } from '../../lib/query-rows';
import { type InvoiceSeller, issueInvoiceCtes } from '../invoices';
import { queueEventsCtes } from '../webhooks';
import { returnOrderCredit } from './credit-payment';
import type { ItemTerms } from './item-terms';
import { heldNoticeably, type ReturnedCodes, recordReturnedCodes, returnedByPlan } from './returned-codes';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/**
 * Times go in as ISO text with an explicit type: the two drivers encode JS dates differently.
 * The statement builders below take their values as they are, or as `sql.placeholder`s: the
 * checkout benchmark's floor renders the very same SQL from them (bench/checkout-floor.ts).
 */
const timestamp = (at: unknown) => sql`${at}::timestamptz`;
const P = sql.placeholder;

/** An item as settlement left it: its refund deadline, subscription period and codes (ISO times). */
export type SettledItem = {
  id: string;
  refundableUntil: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  codes: string[];
};

/** ISO 8601 in UTC with milliseconds, exactly as JavaScript's `toISOString` writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Who gets the receipt of a settled order. */
export type Recipient = { email: string; firstName: string };

/**
 * The outbox rows a settlement queued: the receipt's, and the sale mails' of the sellers' members
 * and the claim links of a gift's items (decision 043).
 */
export type SettlementMails = { receiptId: string | null; ids: string[] };

/**
 * Pending → paid in one statement (transaction 2 of decision 007), and only when every unit of
 * the order holds its reserved code (requirements §11: no paid order lacks its codes) and every
 * item has its `terms` (item-terms.ts dates them): the order, its items (active, with their
 * refund deadline and the subscription's first period), their codes (allocated), one charge row per item in
 * money_movements for the card's part (the item's amount less its store credit, decision 030, plus its VAT, which the row's tax_cents names: decision 037), the bought lines out of the cart, and the mail it causes in the outbox
 * (decision 029): the buyer's receipt and a sale mail to each active member of the sellers whose
 * products were bought, rendered at delivery from the order, and the sellers' `license.purchased`
 * webhook events (decision 033), and the order's numbered invoice (decision 038: its number is taken
 * here, so a released order never takes one). Paying and queuing the receipt are
 * one step, so a crash after it delays the receipt and never loses it. Answers null unless this
 * call settled the order; else the receipt's recipient, the settled items and the queued mail,
 * so the answer needs no second read.
 */
export async function settleOrder(
  db: Runner,
  orderId: string,
  reference: string | null,
  at: Date,
  terms: ItemTerms[],
  seller: InvoiceSeller,
): Promise<{
  recipient: Recipient;
  items: SettledItem[];
  mails: SettlementMails;
  invoiceNumber: string | null;
} | null> {
  const [row] = await settle<{
    email: string | null;
    firstName: string | null;
    items: string;
    receiptId: string | null;
    invoiceNumber: string | null;
    saleMailIds: string;
  }>(db, { orderId, reference, at: at.toISOString(), terms: JSON.stringify(terms), seller: JSON.stringify(seller) });
  if (!row || row.email === null) return null;
  const saleMailIds = JSON.parse(row.saleMailIds) as string[];
  return {
    recipient: { email: row.email, firstName: row.firstName ?? '' },
    items: JSON.parse(row.items) as SettledItem[],
    mails: { receiptId: row.receiptId, ids: [...(row.receiptId ? [row.receiptId] : []), ...saleMailIds] },
    invoiceNumber: row.invoiceNumber,
  };
}

/** Prepared once: every paid order settles through it. */
const settle = preparedStatement('checkout_settle_order', () =>
  settleStatement(P('orderId'), P('reference'), P('at'), P('terms'), P('seller')),
);

/** `terms` is the JSON of `ItemTerms[]`; `seller`, of the configured `InvoiceSeller` (decision 038). */
export function settleStatement(
  orderId: unknown,
  reference: unknown,
  at: unknown,
  terms: unknown,
  seller: unknown,
): SQL {
  return sql`
    with terms as (
      select * from json_to_recordset(${terms}::json)
        as t(id uuid, refundable_until timestamptz, period_start timestamptz, period_end timestamptz)
    ), ready as (
      select o.id from ${orders} o
      where o.id = ${orderId} and o.status = 'pending'
        and not exists (select 1 from ${orderItems} i where i.order_id = o.id and i.id not in (select id from terms))
        and (select count(*) from ${orderItemCodes} l
             join ${orderItems} i on i.id = l.order_item_id
             join ${licenseCodes} c on c.id = l.license_code_id
             where i.order_id = o.id and c.status = 'reserved')
          = (select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = o.id)
    ), settled as (
      update ${orders} o
      set status = 'paid', paid_at = ${timestamp(at)}, updated_at = ${timestamp(at)},
          provider_payment_id = coalesce(${reference}::text, o.provider_payment_id)
      from ready, ${users} u
      where o.id = ready.id and o.status = 'pending' and u.id = o.user_id
      returning o.id, o.user_id, o.provider, o.currency, o.total_cents, o.paid_with_credit_cents, o.card_brand,
                o.card_last4, o.tax_cents, o.tax_rate_basis_points, o.tax_reverse_charge, o.billing_details,
                u.email, u.first_name, u.last_name
    ), items as (
      update ${orderItems} i
      set status = 'active', refundable_until = terms.refundable_until, period_start = terms.period_start,
          period_end = terms.period_end
      from settled, terms
      where i.order_id = settled.id and terms.id = i.id
      returning i.id, i.product_id, i.plan_id, i.plan_name, i.quantity, i.amount_cents, i.paid_with_credit_cents,
                i.tax_cents, i.discount_cents, i.sale_discount_cents, i.currency, i.product_name,
                i.unit_price_cents, i.position, i.refundable_until, i.period_start, i.period_end
    ), codes as (
      update ${licenseCodes} c
      set status = 'allocated', allocated_at = ${timestamp(at)}
      from ${orderItemCodes} l, items
      where l.order_item_id = items.id and c.id = l.license_code_id and c.status = 'reserved'
      returning c.id, c.code, l.order_item_id as item_id
    ), movements as (
      insert into ${moneyMovements}
        (kind, order_id, order_item_id, amount_cents, tax_cents, currency, provider, provider_reference, created_at)
      select 'charge', settled.id, items.id, items.amount_cents - items.paid_with_credit_cents + items.tax_cents,
             items.tax_cents, items.currency, settled.provider, ${reference}::text, ${timestamp(at)}
      from items, settled
      where items.amount_cents + items.tax_cents > items.paid_with_credit_cents and ${reference}::text is not null
      returning id
    ), cart as (
      delete from ${cartItems} ci using items, settled
      where ci.user_id = settled.user_id and ci.product_id = items.product_id and ci.plan_id = items.plan_id
      returning ci.id
    ), cart_coupon as (
      -- The coupon the order used leaves the cart with the lines it bought (decision 040).
      delete from ${cartCoupons} cc using ${couponRedemptions} r, settled
      where r.order_id = settled.id and cc.user_id = settled.user_id and cc.coupon_id = r.coupon_id
      returning cc.user_id
    ), receipt as (
      -- Transactional mail: no topic, no unsubscribe (decision 029). One per order, ever.
      insert into ${mailOutbox} (key, kind, to_address, user_id, payload, next_attempt_at, created_at)
      select 'receipt:' || settled.id, 'receipt', settled.email, settled.user_id,
             jsonb_build_object('orderId', settled.id), ${timestamp(at)}, ${timestamp(at)}
      from settled
      on conflict (key) do nothing
      returning id
    ), sale_mails as (
      -- One per member and order, even for a member of two sellers of the order (its renderer
      -- lists the items of every seller they belong to and checks their seller-activity switch).
      insert into ${mailOutbox} (key, kind, to_address, user_id, payload, next_attempt_at, created_at)
      select distinct 'seller-sale:' || settled.id || ':' || u.id, 'seller-sale', u.email, u.id,
             jsonb_build_object('orderId', settled.id), ${timestamp(at)}, ${timestamp(at)}
      from settled, items
      join ${products} p on p.id = items.product_id
      join ${sellerMembers} m on m.seller_id = p.seller_id
      join ${users} u on u.id = m.user_id and u.status = 'active'
      on conflict (key) do nothing
      returning id
    ), gift_mails as (
      -- Each gift's claim link (decision 043), mailed once the order is paid; its token is made
      -- when the mail is rendered (gift-mail.ts), so it is never stored.
      insert into ${mailOutbox} (key, kind, to_address, user_id, payload, next_attempt_at, created_at)
      select 'item-claim:' || t.id || ':' || (extract(epoch from t.sent_at) * 1000)::bigint, 'item-claim',
             t.to_email, null,
             jsonb_build_object('transferId', t.id, 'sentAt', (extract(epoch from t.sent_at) * 1000)::bigint),
             ${timestamp(at)}, ${timestamp(at)}
      from items join ${itemTransfers} t on t.order_item_id = items.id and t.status = 'pending'
      on conflict (key) do nothing
      returning id
    ), ${issueInvoiceCtes(timestamp(at), seller)}, purchases as (
      -- The sellers' webhook event of each bought item (decision 033), queued below for the
      -- sellers whose endpoint takes it; a seller without an endpoint costs one index probe.
      select p.seller_id, 'license.purchased'::text as type, jsonb_build_object(
               'orderId', settled.id, 'itemId', items.id, 'productId', items.product_id, 'productSlug', p.slug,
               'variantId', items.plan_id, 'planName', items.plan_name, 'quantity', items.quantity,
               'codes', (select coalesce(jsonb_agg(c.code order by c.id), '[]'::jsonb) from codes c where c.item_id = items.id),
               'amountCents', items.amount_cents, 'currency', items.currency,
               'refundableUntil', ${iso(sql`items.refundable_until`)}, 'purchasedAt', ${iso(timestamp(at))}) as data
      from settled, items
      join ${products} p on p.id = items.product_id
    ), ${queueEventsCtes(sql`select * from purchases`, timestamp(at))}
    select (select email from settled) as "email",
           (select first_name from settled) as "firstName",
           (select id from receipt) as "receiptId",
           (select number from invoice) as "invoiceNumber",
           (select coalesce(json_agg(id), '[]'::json)
              from (select id from sale_mails union all select id from gift_mails) queued)::text as "saleMailIds",
           (select coalesce(json_agg(json_build_object(
              'id', i.id,
              'refundableUntil', ${iso(sql`i.refundable_until`)},
              'periodStart', ${iso(sql`i.period_start`)},
              'periodEnd', ${iso(sql`i.period_end`)},
              'codes', (select coalesce(json_agg(c.code order by c.id), '[]'::json) from codes c where c.item_id = i.id)
            )), '[]'::json) from items i)::text as "items"`;
}

/**
 * Pending → failed in one statement: the items are canceled, their codes go back to the pool
 * and their links are deleted, so the codes can be sold again; a plan that was sold out until
 * then is news for its wishlisters, its coupon's use returns (decision 040), and the store credit the order spent goes back to the wallet
 * (decision 030), in the same transaction. Answers whether this call did it.
 */
export async function releaseOrder(
  db: Runner,
  orderId: string,
  failure: { code: string; message: string; reference: string | null },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{
      released: number;
      userId: string | null;
      credit: number | null;
      returned: ReturnedCodes;
      noticed: boolean;
    }>(
      tx,
      sql`
      with released as (
        update ${orders}
        set status = 'failed', failure_code = ${failure.code}, failure_message = ${failure.message},
            updated_at = ${timestamp(at.toISOString())},
            provider_payment_id = coalesce(${failure.reference}::text, provider_payment_id)
        where id = ${orderId} and status = 'pending'
        returning id, user_id, created_at, paid_with_credit_cents
      ), items as (
        update ${orderItems} i set status = 'canceled' from released where i.order_id = released.id returning i.id
      ), links as (
        delete from ${orderItemCodes} l using items where l.order_item_id = items.id returning l.license_code_id
      ), codes as (
        update ${licenseCodes} c set status = 'available'
        from links where c.id = links.license_code_id and c.status = 'reserved'
        returning c.id, c.plan_id
      ), offers as (
        -- A gift of an order that was never paid ends with it (decision 043); no link was mailed.
        update ${itemTransfers} t set status = 'canceled', canceled_at = ${timestamp(at.toISOString())}
        from items where t.order_item_id = items.id and t.status = 'pending'
        returning t.id
      ), redemption as (
        -- The coupon's use goes back (decision 040): the order never happened.
        delete from ${couponRedemptions} r using released where r.order_id = released.id returning r.coupon_id
      ), unused as (
        update ${coupons} k set uses = k.uses - 1 from redemption where k.id = redemption.coupon_id returning k.id
      )
      select (select count(*) from released)::int as "released", (select user_id from released) as "userId",
        (select paid_with_credit_cents from released) as "credit", ${returnedByPlan} as "returned",
        ${heldNoticeably(sql`(select created_at from released)`, at)} as "noticed"`,
    );
    await recordReturnedCodes(tx, row, at);
    // The store credit it spent goes back, after the order and its items (the wallet's lock last).
    if (row?.userId && row.credit) {
      await returnOrderCredit(tx, { id: orderId, userId: row.userId, paidWithCreditCents: row.credit }, at);
    }
    return (row?.released ?? 0) > 0;
  });
}
