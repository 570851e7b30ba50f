import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  licenseCodes,
  moneyMovements,
  orderItemCodes,
  orderItems,
  orders,
  plans,
  products,
  sandboxCards,
  sandboxLedger,
} from '../schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo's past sales as the store records a sale (decision 007): every code the demo
 * activity marked sold becomes a paid order of a demo shopper, one unit each, with its item,
 * the link to its code, its charge row and the sandbox provider's ledger entry, at the time of
 * the sale. So the invariants hold on demo data too: every allocated code belongs to a paid
 * item, and per order what was charged is what the provider holds. One statement.
 */
export async function insertDemoOrders(tx: Tx, shopperIds: string[]): Promise<void> {
  if (shopperIds.length === 0) return;
  // The card the demo orders were paid with, in the sandbox's vault: the renewal job (decision
  // 010) charges it when a demo subscription's period ends, as it would a shopper's saved card.
  await tx
    .insert(sandboxCards)
    .values({
      token: 'pm_sandbox_demo',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2099,
      behavior: 'succeed',
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  const shoppers = JSON.stringify(shopperIds);
  await tx.execute(sql`
    with sold as (
      select c.id as code_id, c.allocated_at as at, pl.id as plan_id, pl.product_id, pl.name as plan_name,
             pl.kind, pl.billing_interval, pl.price_cents, pl.original_price_cents, pl.currency,
             pr.name as product_name, pr.refund_window_days,
             gen_random_uuid() as order_id, gen_random_uuid() as item_id,
             'ch_sandbox_demo_' || md5(c.code) as charge_id,
             (${shoppers}::jsonb ->> (((hashtext(c.code)::bigint % ${shopperIds.length}) + ${shopperIds.length}) % ${shopperIds.length})::int)::uuid as user_id
      from ${licenseCodes} c
      join ${plans} pl on pl.id = c.plan_id
      join ${products} pr on pr.id = pl.product_id
      where c.status = 'allocated' and c.allocated_at is not null
        and not exists (select 1 from ${orderItemCodes} l where l.license_code_id = c.id)
    ), new_orders as (
      insert into ${orders} (id, user_id, idempotency_key, request_hash, status, currency, total_cents,
        original_total_cents, provider, payment_token, card_brand, card_last4, provider_payment_id,
        next_check_at, created_at, updated_at, paid_at)
      select order_id, user_id, 'demo-' || code_id, md5('demo-' || code_id), 'paid', currency, price_cents,
        original_price_cents, 'sandbox', 'pm_sandbox_demo', 'visa', '4242', charge_id, at, at, at, at
      from sold
      returning id
    ), new_items as (
      insert into ${orderItems} (id, order_id, position, product_id, plan_id, product_name, plan_name, plan_kind,
        billing_interval, quantity, unit_price_cents, unit_original_price_cents, amount_cents, currency, status,
        refund_window_days, refundable_until, period_start, period_end, created_at)
      select item_id, order_id, 0, product_id, plan_id, product_name, plan_name, kind, billing_interval, 1,
        price_cents, original_price_cents, price_cents, currency, 'active', refund_window_days,
        case when refund_window_days > 0 then at + make_interval(days => refund_window_days) end,
        case when kind = 'subscription' then at end,
        case billing_interval when 'month' then at + interval '1 month' when 'year' then at + interval '1 year' end,
        at
      from sold
      where exists (select 1 from new_orders o where o.id = sold.order_id)
      returning id
    ), links as (
      insert into ${orderItemCodes} (license_code_id, order_item_id, created_at)
      select code_id, item_id, at from sold where exists (select 1 from new_items i where i.id = sold.item_id)
      returning license_code_id
    ), movements as (
      insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, currency, provider,
        provider_reference, created_at)
      select 'charge', order_id, item_id, price_cents, currency, 'sandbox', charge_id, at
      from sold where price_cents > 0 and exists (select 1 from new_items i where i.id = sold.item_id)
      returning id
    )
    insert into ${sandboxLedger} (id, kind, idempotency_key, status, amount_cents, currency, card_token,
      merchant_reference, created_at)
    select charge_id, 'charge', 'everdeal:order:' || order_id || ':charge', 'succeeded', price_cents, currency,
      'pm_sandbox_demo', order_id::text, at
    from sold
    where price_cents > 0 and exists (select 1 from new_orders o where o.id = sold.order_id)`);
}
