import {
  couponRedemptions,
  coupons,
  type Db,
  moneyMovements,
  orderItemAdjustments,
  orderItems,
  orders,
  sandboxLedger,
  walletEntries,
} from '@everdeal/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { STORE_CREDIT_REFERENCE_PREFIX } from '../src/modules/orders/refund-money.sql';

const toStoreCredit = sql`starts_with(${moneyMovements.providerReference}, ${STORE_CREDIT_REFERENCE_PREFIX})`;

/**
 * Decision 010: every money movement is a row, and for every order, what the store recorded as paid
 * minus refunded through the provider is what the provider holds for it (the sandbox ledger names
 * the order). A refund to store credit (decision 030) leaves the money with the provider: its rows
 * are matched instead, item by item, by the wallet's refund movements, which also return the part
 * an item was paid with credit (its adjustments' `credit_refund_cents`). Paying with credit
 * (decision 030): an order's spend rows in the wallet are its `paid_with_credit_cents` while it is
 * pending or paid and nothing once it failed; its items' shares add up to it; its checkout charge
 * rows are the card part only, plus the VAT (decision 037), which the items' VAT adds up to. Also no
 * charge row is refunded beyond its amount, nor beyond its VAT; an upgrade's or renewal's charge row
 * is its adjustment's price plus VAT, carrying that VAT; a downgrade's refund rows return its VAT.
 * Card disputes (decision 039): a chargeback never takes more than its charge holds after its
 * refunds, and a reversal never gives back more than its chargeback took.
 */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const store = await db
    .select({
      orderId: moneyMovements.orderId,
      // A chargeback and its reversal move money between the bank and the store, never through a
      // provider refund (decision 039): they are checked by their own invariants below.
      held: sql<number>`sum(case when ${moneyMovements.kind} = 'charge' then ${moneyMovements.amountCents}
        when ${toStoreCredit} or ${moneyMovements.kind} in ('chargeback', 'chargeback_reversal') then 0
        else -${moneyMovements.amountCents} end)`.mapWith(Number),
    })
    .from(moneyMovements)
    .groupBy(moneyMovements.orderId);
  const creditedByRows = await db
    .select({
      itemId: moneyMovements.orderItemId,
      cents: sql<number>`sum(${moneyMovements.amountCents})`.mapWith(Number),
    })
    .from(moneyMovements)
    .where(and(eq(moneyMovements.kind, 'refund'), toStoreCredit))
    .groupBy(moneyMovements.orderItemId);
  const creditedByWallet = await db
    .select({
      itemId: walletEntries.orderItemId,
      cents: sql<number>`sum(${walletEntries.amountCents})`.mapWith(Number),
    })
    .from(walletEntries)
    // Refunds of bought items; the wallet's own tests also record item-less refund movements.
    .where(and(eq(walletEntries.kind, 'refund'), isNotNull(walletEntries.orderItemId)))
    .groupBy(walletEntries.orderItemId);
  const creditPartsReturned = await db
    .select({
      itemId: orderItemAdjustments.orderItemId,
      cents: sql<number>`sum(${orderItemAdjustments.creditRefundCents})`.mapWith(Number),
    })
    .from(orderItemAdjustments)
    .where(and(eq(orderItemAdjustments.status, 'succeeded'), sql`${orderItemAdjustments.creditRefundCents} > 0`))
    .groupBy(orderItemAdjustments.orderItemId);
  const byItem = (...lists: { itemId: string | null; cents: number }[][]) => {
    const sums: Record<string, number> = {};
    for (const row of lists.flat()) sums[row.itemId ?? ''] = (sums[row.itemId ?? ''] ?? 0) + row.cents;
    return sums;
  };
  expect(byItem(creditedByRows, creditPartsReturned)).toEqual(byItem(creditedByWallet));
  await expectCreditPaymentsBalanced(db);
  await expectCouponUsesCounted(db);
  const provider = await db
    .select({
      orderId: sandboxLedger.merchantReference,
      held: sql<number>`sum(case when ${sandboxLedger.kind} = 'charge' then ${sandboxLedger.amountCents}
        else -${sandboxLedger.amountCents} end)`.mapWith(Number),
    })
    .from(sandboxLedger)
    .where(sql`${sandboxLedger.status} = 'succeeded'`)
    .groupBy(sandboxLedger.merchantReference);
  const providerHeld = new Map(provider.map((row) => [row.orderId, row.held]));
  expect(store.length).toBeGreaterThan(0);
  for (const row of store) {
    expect(providerHeld.get(row.orderId) ?? 0, `order ${row.orderId}`).toBe(row.held);
    providerHeld.delete(row.orderId);
  }
  // Nothing the provider holds is missing from the store's rows.
  for (const [orderId, held] of providerHeld) expect(held, `order ${orderId} has no rows`).toBe(0);
  await expectChargesNotOverReturned(db);
  // An upgrade's or a renewal's charge row is its price and VAT, carrying the adjustment's VAT; a
  // downgrade's refund rows return the VAT the adjustment says, on top of its price (decision 037).
  const adjustmentsOff = await db.execute(sql`
    select a.id from ${orderItemAdjustments} a
    where exists (select 1 from ${moneyMovements} c where c.adjustment_id = a.id and c.kind = 'charge'
                    and (c.tax_cents <> a.tax_cents or c.amount_cents <> a.charge_cents + a.tax_cents))
       or (a.kind = 'plan_change' and a.status = 'succeeded' and a.refund_cents > 0
           and (select coalesce(sum(r.tax_cents), 0) from ${moneyMovements} r
                where r.adjustment_id = a.id and r.kind = 'refund') <> a.tax_cents)`);
  expect(
    Array.isArray(adjustmentsOff) ? adjustmentsOff : ((adjustmentsOff as { rows?: unknown[] }).rows ?? []),
  ).toEqual([]);
}

/**
 * Per charge row, with any provider (the Stripe tests have no sandbox ledger to compare): its
 * refunds and chargebacks less their reversals never exceed its amount nor its VAT, and a
 * reversal gives back its own chargeback, never more (decision 039).
 */
export async function expectChargesNotOverReturned(db: Db): Promise<void> {
  // No charge row gives back more than it took: its refunds and its chargebacks less their
  // reversals (decision 039: a chargeback never exceeds the charge less its refunds).
  const signed = (column: 'amount_cents' | 'tax_cents') =>
    sql.raw(`case when r.kind = 'chargeback_reversal' then -r.${column} else r.${column} end`);
  const overRefunded = await db.execute(sql`
    select c.id from ${moneyMovements} c
    where c.kind = 'charge'
      and c.amount_cents < (select coalesce(sum(${signed('amount_cents')}), 0) from ${moneyMovements} r
                            where r.refunded_movement_id = c.id)`);
  const rows = Array.isArray(overRefunded) ? overRefunded : ((overRefunded as { rows?: unknown[] }).rows ?? []);
  expect(rows).toEqual([]);
  // No refund or chargeback returns more VAT than its charge carried (decision 037).
  const overTaxed = await db.execute(sql`
    select c.id from ${moneyMovements} c
    where c.kind = 'charge'
      and c.tax_cents < (select coalesce(sum(${signed('tax_cents')}), 0) from ${moneyMovements} r
                         where r.refunded_movement_id = c.id)`);
  expect(Array.isArray(overTaxed) ? overTaxed : ((overTaxed as { rows?: unknown[] }).rows ?? [])).toEqual([]);
  // A reversal gives back its chargeback (same dispute, item and charge), never more (decision 039).
  const overReversed = await db.execute(sql`
    select v.id from ${moneyMovements} v
    where v.kind = 'chargeback_reversal'
      and not exists (select 1 from ${moneyMovements} c
        where c.kind = 'chargeback' and c.provider_reference = v.provider_reference
          and c.order_item_id = v.order_item_id and c.refunded_movement_id = v.refunded_movement_id
          and c.amount_cents >= v.amount_cents and c.tax_cents >= v.tax_cents)`);
  expect(Array.isArray(overReversed) ? overReversed : ((overReversed as { rows?: unknown[] }).rows ?? [])).toEqual([]);
}

/** The credit side of checkout (decision 030): spends, their returns, the items' shares, the card part. */
async function expectCreditPaymentsBalanced(db: Db): Promise<void> {
  const spent = await db
    .select({
      orderId: walletEntries.orderId,
      cents: sql<number>`-sum(${walletEntries.amountCents})`.mapWith(Number),
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.kind, 'spend'), isNotNull(walletEntries.orderId)))
    .groupBy(walletEntries.orderId);
  const spentByOrder = new Map(spent.map((row) => [row.orderId, row.cents]));
  const result = await db.execute(sql`
    select o.id, o.status, o.paid_with_credit_cents as "credit",
      (select coalesce(sum(i.paid_with_credit_cents), 0) from ${orderItems} i where i.order_id = o.id)::int
        as "itemsCredit",
      o.total_cents as "total", o.tax_cents as "tax", o.discount_cents as "discount",
      (select coalesce(sum(i.discount_cents), 0) from ${orderItems} i where i.order_id = o.id)::int as "itemsDiscount",
      (select coalesce(sum(i.tax_cents), 0) from ${orderItems} i where i.order_id = o.id)::int as "itemsTax",
      (select coalesce(sum(m.tax_cents), 0) from ${moneyMovements} m
        where m.order_id = o.id and m.kind = 'charge' and m.adjustment_id is null)::int as "chargedTax",
      (select coalesce(sum(m.amount_cents), 0) from ${moneyMovements} m
        where m.order_id = o.id and m.kind = 'charge' and m.adjustment_id is null)::int as "charged"
    from ${orders} o`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as {
    id: string;
    status: string;
    credit: number;
    itemsCredit: number;
    total: number;
    tax: number;
    discount: number;
    itemsDiscount: number;
    itemsTax: number;
    chargedTax: number;
    charged: number;
  }[];
  for (const order of rows) {
    expect(order.itemsCredit, `items of order ${order.id}`).toBe(order.credit);
    expect(spentByOrder.get(order.id) ?? 0, `credit spent on order ${order.id}`).toBe(
      order.status === 'failed' ? 0 : order.credit,
    );
    // VAT (decision 037): the order's is its items' sum, and the card pays all of it at checkout.
    expect(order.itemsTax, `items' VAT of order ${order.id}`).toBe(order.tax);
    // Coupons (decision 040): the order's discount is its items' sum.
    expect(order.itemsDiscount, `items' discount of order ${order.id}`).toBe(order.discount);
    if (order.status === 'paid' && order.charged > 0) {
      expect(order.charged, `card charged for order ${order.id}`).toBe(order.total - order.credit + order.tax);
      expect(order.chargedTax, `VAT charged for order ${order.id}`).toBe(order.tax);
    }
  }
}

/**
 * Coupons (decision 040): a coupon's `uses` is its redemptions, each of an order that is pending
 * or paid (a released order's use went back), and never past `max_uses`.
 */
async function expectCouponUsesCounted(db: Db): Promise<void> {
  const result = await db.execute(sql`
    select k.code from ${coupons} k
    where k.uses <> (select count(*) from ${couponRedemptions} r where r.coupon_id = k.id)
       or (k.max_uses is not null and k.uses > k.max_uses)
       or exists (select 1 from ${couponRedemptions} r join ${orders} o on o.id = r.order_id
                  where r.coupon_id = k.id and o.status = 'failed')`);
  expect(Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])).toEqual([]);
}

/**
 * What the order's rows hold, counted apart from the view's code: the card's charges less its
 * refunds and disputes, plus the store credit spent less the credit its changes gave back: what
 * an order's `money.netPaidCents` must equal (decision 010).
 */
export async function heldByRows(db: Db, orderId: string): Promise<number> {
  const [card] = await db
    .select({
      cents: sql<number>`coalesce(sum(case ${moneyMovements.kind} when 'charge' then ${moneyMovements.amountCents}
        when 'chargeback_reversal' then ${moneyMovements.amountCents} else -${moneyMovements.amountCents} end), 0)`.mapWith(
        Number,
      ),
    })
    .from(moneyMovements)
    .where(eq(moneyMovements.orderId, orderId));
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [credit] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderItemAdjustments.creditRefundCents}), 0)`.mapWith(Number) })
    .from(orderItemAdjustments)
    .where(
      and(
        eq(orderItemAdjustments.status, 'succeeded'),
        sql`${orderItemAdjustments.orderItemId} in (select id from order_items where order_id = ${orderId})`,
      ),
    );
  return (card?.cents ?? 0) + (order?.paidWithCreditCents ?? 0) - (credit?.cents ?? 0);
}
