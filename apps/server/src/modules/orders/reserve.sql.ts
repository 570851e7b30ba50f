/**
 * The reserve phase's statements (transaction 1 of decision 007): the buyer's row lock and the
 * pending order with its items and reserved codes, in one statement. The statement builders take
 * their values as they are, or as `sql.placeholder`s: the checkout benchmark's floor renders the
 * very same SQL from them (bench/checkout-floor.ts).
 */
import { cartItems, licenseCodes, orderItemCodes, orderItems, orders, users } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';

/** Times go in as ISO text with an explicit type: the two drivers encode JS dates differently. */
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
  /** The coupon's share of the item (decision 040): its amount is the price less it. */
  discount_cents: number;
  /** The sale it is bought in and what that took off its list price (decision 042); absent outside one. */
  sale_id?: string | null;
  sale_discount_cents?: number;
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
        billing_interval, quantity, unit_price_cents, unit_original_price_cents, amount_cents, discount_cents,
        sale_id, sale_discount_cents, currency, refund_window_days, created_at)
      select l.id, new_order.id, l.position, l.product_id, l.plan_id, l.product_name, l.plan_name,
        l.plan_kind::plan_kind, l.billing_interval::billing_interval, l.quantity, l.unit_price_cents,
        l.unit_original_price_cents, l.unit_price_cents * l.quantity - coalesce(l.discount_cents, 0),
        coalesce(l.discount_cents, 0), l.sale_id, coalesce(l.sale_discount_cents, 0), l.currency,
        l.refund_window_days, ${timestamp(v.at)}
      from new_order, json_to_recordset(${v.items}::json) as l(id uuid, position int, product_id int, plan_id int,
        product_name text, plan_name text, plan_kind text, billing_interval text, quantity int,
        unit_price_cents int, unit_original_price_cents int, discount_cents int, sale_id uuid,
        sale_discount_cents int, currency text, refund_window_days int)
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
