/**
 * The statements that move an order between its states (decision 007). Each change of state is
 * one statement guarded by `status = 'pending'`: PostgreSQL takes the order's row lock and, when
 * another transaction changed the row first, evaluates the guard again on the new version, so of
 * two callers (the request, a duplicate request, the webhook, the reconciliation job) exactly
 * one moves the order and the others see that nothing matched.
 */
import {
  cartItems,
  type Db,
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
import { heldNoticeably, type ReturnedCodes, recordReturnedCodes, returnedByPlan } from './returned-codes';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/**
 * Times go in as ISO text with an explicit type: the two drivers encode JS dates differently.
 * The statement builders below take their values as they are, or as `sql.placeholder`s: the
 * checkout benchmark's floor renders the very same SQL from them (bench/checkout.ts).
 */
const timestamp = (at: unknown) => sql`${at}::timestamptz`;
const P = sql.placeholder;

/** The values of a new pending order and its items; `items` is JSON (see `reserveOrderStatement`). */
export type NewOrderValues = {
  orderId: string;
  userId: string;
  key: string;
  requestHash: string;
  currency: string;
  total: number;
  originalTotal: number;
  provider: string;
  paymentMethodId: string;
  paymentToken: string;
  customerRef: string | null;
  cardBrand: string;
  cardLast4: string;
  nextCheckAt: string;
  at: string;
  items: string;
};

/** One item of `NewOrderValues.items`, its JSON field names as the statement reads them. */
export type NewOrderItem = {
  id: string;
  position: number;
  product_id: number;
  plan_id: number;
  product_name: string;
  plan_name: string;
  plan_kind: string;
  billing_interval: string | null;
  quantity: number;
  unit_price_cents: number;
  unit_original_price_cents: number;
  currency: string;
  refund_window_days: number;
};

/**
 * The first statement of transaction 1 (decision 007): the buyer's user row locked until the
 * transaction ends, so checkouts of one cart take turns; the reservation that follows sees what
 * the previous one committed. Buyers never wait on each other, only one buyer's own requests.
 */
export const lockCheckoutUser = preparedStatement('checkout_lock_user', () => lockCheckoutUserStatement(P('userId')));

export function lockCheckoutUserStatement(userId: unknown): SQL {
  return sql`select id from ${users} where id = ${userId} for no key update`;
}

/**
 * Transaction 1 of decision 007 in one statement: the pending order (unless the user's key
 * already has one, another of their orders is pending, or a line is no longer in the cart as
 * read: then nothing at all happens and no row is answered), its items, and one
 * available code per unit reserved for them, skipping codes other checkouts hold locked
 * (`FOR UPDATE SKIP LOCKED`: buyers never wait on each other). Answers each item with how many
 * codes it got, and whether its plan is now sold out; the caller rolls the transaction back when
 * one got fewer than it asked for.
 */
export function reserveOrderStatement(v: { [K in keyof NewOrderValues]: unknown }): SQL {
  return sql`
    with cart_free as (
      -- One checkout of a cart at a time (decision 007): no other order of the user is pending,
      -- and every line being bought is still in the cart as read (a settled order took its
      -- lines out). Sound only after \`lockCheckoutUser\`, whose lock gives this statement a
      -- snapshot taken after any other checkout's transaction 1 of this user committed.
      select not exists (select 1 from ${orders} where user_id = ${v.userId} and status = 'pending')
        and (select count(*) from ${cartItems} ci
             join json_to_recordset(${v.items}::json) as l(product_id int, plan_id int, quantity int)
               on ci.product_id = l.product_id and ci.plan_id = l.plan_id and ci.quantity = l.quantity
             where ci.user_id = ${v.userId}) = json_array_length(${v.items}::json) as ok
    ), new_order as (
      insert into ${orders} (id, user_id, idempotency_key, request_hash, status, currency, total_cents,
        original_total_cents, provider, payment_method_id, payment_token, customer_ref, card_brand, card_last4,
        next_check_at, created_at, updated_at)
      select ${v.orderId}, ${v.userId}, ${v.key}, ${v.requestHash}, 'pending', ${v.currency}, ${v.total},
        ${v.originalTotal}, ${v.provider}::payment_provider, ${v.paymentMethodId}, ${v.paymentToken},
        ${v.customerRef}, ${v.cardBrand}, ${v.cardLast4}, ${timestamp(v.nextCheckAt)}, ${timestamp(v.at)},
        ${timestamp(v.at)}
      from cart_free where cart_free.ok
      on conflict (user_id, idempotency_key) do nothing
      returning id
    ), new_items as (
      insert into ${orderItems} (id, order_id, position, product_id, plan_id, product_name, plan_name, plan_kind,
        billing_interval, quantity, unit_price_cents, unit_original_price_cents, amount_cents, currency,
        refund_window_days, created_at)
      select l.id, new_order.id, l.position, l.product_id, l.plan_id, l.product_name, l.plan_name,
        l.plan_kind::plan_kind, l.billing_interval::billing_interval, l.quantity, l.unit_price_cents,
        l.unit_original_price_cents, l.unit_price_cents * l.quantity, l.currency, l.refund_window_days,
        ${timestamp(v.at)}
      from new_order, json_to_recordset(${v.items}::json) as l(id uuid, position int, product_id int, plan_id int,
        product_name text, plan_name text, plan_kind text, billing_interval text, quantity int,
        unit_price_cents int, unit_original_price_cents int, currency text, refund_window_days int)
      returning id, plan_id, quantity
    ), picked as (
      select i.id as item_id, c.id as code_id
      from new_items i
      cross join lateral (
        select id from ${licenseCodes}
        where plan_id = i.plan_id and status = 'available'
        limit i.quantity
        for update skip locked
      ) c
    ), marked as (
      update ${licenseCodes} set status = 'reserved' where id in (select code_id from picked) returning id
    ), linked as (
      insert into ${orderItemCodes} (license_code_id, order_item_id, created_at)
      select code_id, item_id, ${timestamp(v.at)} from picked
      returning order_item_id
    )
    select i.id as "itemId", i.quantity as "quantity",
           (select count(*) from linked l where l.order_item_id = i.id)::int as "reserved",
           -- Whether this reservation took the plan's last codes (as far as this statement can
           -- see: codes other checkouts hold uncommitted still look available to it).
           not exists (
             select 1 from ${licenseCodes} c
             where c.plan_id = i.plan_id and c.status = 'available' and c.id not in (select code_id from picked)
           ) as "soldOut"
    from new_items i`;
}

/**
 * `reserveOrderStatement` prepared once (checkout makes one per order): its values by name, as
 * `NewOrderValues` names them.
 */
export const reservePendingOrder = preparedStatement('checkout_reserve_order', () =>
  reserveOrderStatement({
    orderId: P('orderId'),
    userId: P('userId'),
    key: P('key'),
    requestHash: P('requestHash'),
    currency: P('currency'),
    total: P('total'),
    originalTotal: P('originalTotal'),
    provider: P('provider'),
    paymentMethodId: P('paymentMethodId'),
    paymentToken: P('paymentToken'),
    customerRef: P('customerRef'),
    cardBrand: P('cardBrand'),
    cardLast4: P('cardLast4'),
    nextCheckAt: P('nextCheckAt'),
    at: P('at'),
    items: P('items'),
  }),
);

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

/** The outbox rows a settlement queued: the receipt's, and the sale mails' of the sellers' members. */
export type SettlementMails = { receiptId: string | null; ids: string[] };

/**
 * Pending → paid in one statement (transaction 2 of decision 007), and only when every unit of
 * the order holds its reserved code (requirements §11: no paid order lacks its codes): the
 * order, its items (active, refund deadline from the product's window at purchase, the
 * subscription's first period), their codes (allocated), one charge row per item in
 * money_movements, the bought lines out of the cart, and the mail it causes in the outbox
 * (decision 029): the buyer's receipt and a sale mail to each active member of the sellers whose
 * products were bought, rendered at delivery from the order. Paying and queuing the receipt are
 * one step, so a crash after it delays the receipt and never loses it. Answers null unless this
 * call settled the order; else the receipt's recipient, the settled items and the queued mail,
 * so the answer needs no second read.
 */
export async function settleOrder(
  db: Runner,
  orderId: string,
  reference: string | null,
  at: Date,
): Promise<{ recipient: Recipient; items: SettledItem[]; mails: SettlementMails } | null> {
  const [row] = await settle<{
    email: string | null;
    firstName: string | null;
    items: string;
    receiptId: string | null;
    saleMailIds: string;
  }>(db, { orderId, reference, at: at.toISOString() });
  if (!row || row.email === null) return null;
  const saleMailIds = JSON.parse(row.saleMailIds) as string[];
  return {
    recipient: { email: row.email, firstName: row.firstName ?? '' },
    items: JSON.parse(row.items) as SettledItem[],
    mails: { receiptId: row.receiptId, ids: [...(row.receiptId ? [row.receiptId] : []), ...saleMailIds] },
  };
}

/** Prepared once: every paid order settles through it. */
const settle = preparedStatement('checkout_settle_order', () => settleStatement(P('orderId'), P('reference'), P('at')));

export function settleStatement(orderId: unknown, reference: unknown, at: unknown): SQL {
  return sql`
    with ready as (
      select o.id from ${orders} o
      where o.id = ${orderId} and o.status = 'pending'
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
      returning o.id, o.user_id, o.provider, u.email, u.first_name
    ), items as (
      update ${orderItems} i
      set status = 'active',
          refundable_until = case when i.refund_window_days > 0
            then ${timestamp(at)} + make_interval(days => i.refund_window_days) end,
          period_start = case when i.plan_kind = 'subscription' then ${timestamp(at)} end,
          period_end = case i.billing_interval
            when 'month' then ${timestamp(at)} + interval '1 month'
            when 'year' then ${timestamp(at)} + interval '1 year' end
      from settled
      where i.order_id = settled.id
      returning i.id, i.product_id, i.plan_id, i.amount_cents, i.currency, i.refundable_until, i.period_start,
                i.period_end
    ), codes as (
      update ${licenseCodes} c
      set status = 'allocated', allocated_at = ${timestamp(at)}
      from ${orderItemCodes} l, items
      where l.order_item_id = items.id and c.id = l.license_code_id and c.status = 'reserved'
      returning c.id, c.code, l.order_item_id as item_id
    ), movements as (
      insert into ${moneyMovements}
        (kind, order_id, order_item_id, amount_cents, currency, provider, provider_reference, created_at)
      select 'charge', settled.id, items.id, items.amount_cents, items.currency, settled.provider,
             ${reference}::text, ${timestamp(at)}
      from items, settled
      where items.amount_cents > 0 and ${reference}::text is not null
      returning id
    ), cart as (
      delete from ${cartItems} ci using items, settled
      where ci.user_id = settled.user_id and ci.product_id = items.product_id and ci.plan_id = items.plan_id
      returning ci.id
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
    )
    select (select email from settled) as "email",
           (select first_name from settled) as "firstName",
           (select id from receipt) as "receiptId",
           (select coalesce(json_agg(id), '[]'::json) from sale_mails)::text as "saleMailIds",
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
 * then is news for its wishlisters, in the same transaction. Answers whether this call did it.
 */
export async function releaseOrder(
  db: Runner,
  orderId: string,
  failure: { code: string; message: string; reference: string | null },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ released: number; returned: ReturnedCodes; noticed: boolean }>(
      tx,
      sql`
      with released as (
        update ${orders}
        set status = 'failed', failure_code = ${failure.code}, failure_message = ${failure.message},
            updated_at = ${timestamp(at.toISOString())},
            provider_payment_id = coalesce(${failure.reference}::text, provider_payment_id)
        where id = ${orderId} and status = 'pending'
        returning id, created_at
      ), items as (
        update ${orderItems} i set status = 'canceled' from released where i.order_id = released.id returning i.id
      ), links as (
        delete from ${orderItemCodes} l using items where l.order_item_id = items.id returning l.license_code_id
      ), codes as (
        update ${licenseCodes} c set status = 'available'
        from links where c.id = links.license_code_id and c.status = 'reserved'
        returning c.id, c.plan_id
      )
      select (select count(*) from released)::int as "released", ${returnedByPlan} as "returned",
        ${heldNoticeably(sql`(select created_at from released)`, at)} as "noticed"`,
    );
    await recordReturnedCodes(tx, row, at);
    return (row?.released ?? 0) > 0;
  });
}
