/**
 * The statements that finish a refund, a plan change or a renewal (decision 010). Each is one
 * statement guarded by its adjustment being `pending`: of two callers (the request, a retry, the
 * job) exactly one finishes it, and the item, its codes and its money rows change together.
 */

import type { PaymentProviderName } from '@everdeal/contracts';
import {
  type Db,
  licenseCodes,
  moneyMovements,
  orderItemAdjustments,
  orderItemCodes,
  orderItems,
  orders,
  paymentCustomers,
  paymentMethods,
  plans,
} from '@everdeal/db';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { reverseCommissionOfItem } from '../affiliates';
import { type InvoiceSeller, issueAdjustmentInvoice, issueCreditNotes } from '../invoices';
import { moveCredit } from '../wallet';
import type { Runner, Tx } from './db-runner';
import { cancelPendingOfferOf } from './gifts.sql';
import { itemFacts, queueItemEvent } from './item-events';
import { periodEnd } from './item-terms';
import { discountAfterChangeCents } from './plan-discount';
import { type MadeRefund, refundRows } from './refund-money.sql';
import { heldNoticeably, type ReturnedCodes, recordReturnedCodes, returnedByPlan } from './returned-codes';

export type { Runner, Tx };

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * The user's saved cards at a provider, the default first, then the newest: a plan change or a
 * renewal pays with the one named, else the order's if still saved, else the first of these.
 */
export async function savedCardsOf(db: Runner, userId: string, provider: PaymentProviderName) {
  return db
    .select({
      id: paymentMethods.id,
      token: paymentMethods.providerToken,
      customerRef: paymentCustomers.providerCustomerId,
    })
    .from(paymentMethods)
    .leftJoin(
      paymentCustomers,
      and(eq(paymentCustomers.userId, paymentMethods.userId), eq(paymentCustomers.provider, paymentMethods.provider)),
    )
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

/**
 * Claims a pending adjustment for finishing, inside the caller's transaction: the guarded update
 * takes its row lock, so a second finisher waits and then finds it no longer pending. The item is
 * locked first, in the order every path takes (item, then adjustment): a refund beginning on the
 * item waits on a pending adjustment while holding the item, so taking the adjustment first here
 * would deadlock with it.
 */
export async function claimPending(tx: Tx, adjustmentId: string, kind: string, at: Date) {
  await tx.execute(sql`
    select i.id from ${orderItems} i join ${orderItemAdjustments} a on a.order_item_id = i.id
    where a.id = ${adjustmentId} for no key update of i`);
  const [row] = await queryRows<{
    itemId: string;
    userId: string;
    toPlanId: number | null;
    chargeCents: number;
    taxCents: number;
    creditRefundCents: number;
  }>(
    tx,
    sql`
    update ${orderItemAdjustments} set status = 'succeeded', completed_at = ${timestamp(at)}
    where id = ${adjustmentId} and status = 'pending' and kind = ${kind}::order_item_adjustment_kind
    returning order_item_id as "itemId", user_id as "userId", to_plan_id as "toPlanId", charge_cents as "chargeCents",
      tax_cents as "taxCents", credit_refund_cents as "creditRefundCents"`,
  );
  return row;
}

/** The item's coupon share on the plan it moves to (`discountAfterChangeCents`), read on the locked item. */
async function discountOnNewPlan(tx: Tx, itemId: string, planId: number): Promise<number> {
  const [row] = await tx
    .select({
      item: {
        planKind: orderItems.planKind,
        billingInterval: orderItems.billingInterval,
        discountCents: orderItems.discountCents,
        unitPriceCents: orderItems.unitPriceCents,
        quantity: orderItems.quantity,
      },
      target: { kind: plans.kind, billingInterval: plans.billingInterval, priceCents: plans.priceCents },
    })
    .from(orderItems)
    .innerJoin(plans, eq(plans.id, planId))
    .where(eq(orderItems.id, itemId));
  return row ? discountAfterChangeCents(row.item, row.target) : 0;
}

/** Revokes the item's allocated codes; answers them, in the order they were allocated. */
export async function revokeCodes(tx: Tx, itemId: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`
    update ${licenseCodes} c set status = 'revoked'
    from ${orderItemCodes} l
    where l.order_item_id = ${itemId} and c.id = l.license_code_id and c.status = 'allocated'
    returning c.code, c.id`,
  );
  return rows.map((row) => row.code);
}

/**
 * The part of a claimed refund or downgrade the item was paid with store credit, back to the
 * wallet as one movement keyed by the adjustment (decision 030): in the finishing transaction,
 * after the item's lock, so the lock order is the refund's (item, then wallet).
 */
async function returnCreditPart(
  tx: Tx,
  adjustmentId: string,
  claimed: { itemId: string; userId: string; creditRefundCents: number },
  at: Date,
): Promise<void> {
  if (claimed.creditRefundCents <= 0) return;
  const [item] = await tx
    .select({ orderId: orderItems.orderId, productName: orderItems.productName, planName: orderItems.planName })
    .from(orderItems)
    .where(eq(orderItems.id, claimed.itemId));
  await moveCredit(
    tx,
    {
      userId: claimed.userId,
      amountCents: claimed.creditRefundCents,
      kind: 'refund',
      key: `refund:${adjustmentId}`,
      note: `Refund of ${item?.productName ?? 'an item'}: ${item?.planName ?? ''} (the part paid with store credit)`,
      orderId: item?.orderId ?? null,
      orderItemId: claimed.itemId,
    },
    at,
  );
}

/**
 * A refund, done: the adjustment succeeded, the item `refunded` (no more renewals), its codes
 * revoked, one refund row per provider refund, and the mail `queueMails` queues. Answers the
 * queued mail's ids when this call finished it, else null.
 */
export async function finishRefund(
  db: Db,
  adjustmentId: string,
  refunds: MadeRefund[],
  at: Date,
  queueMails: (tx: Tx, itemId: string) => Promise<string[]>,
  seller: InvoiceSeller,
): Promise<string[] | null> {
  return db.transaction((tx) => finishRefundIn(tx, adjustmentId, refunds, at, queueMails, { seller }));
}

/**
 * `finishRefund` inside the caller's transaction: a refund to store credit begins and ends in one,
 * and has moved its whole amount as credit already (`creditMoved`); else the part paid with
 * credit goes back to the wallet here.
 */
export async function finishRefundIn(
  tx: Tx,
  adjustmentId: string,
  refunds: MadeRefund[],
  at: Date,
  queueMails: (tx: Tx, itemId: string) => Promise<string[]>,
  options: { creditMoved?: boolean; seller: InvoiceSeller },
): Promise<string[] | null> {
  const claimed = await claimPending(tx, adjustmentId, 'refund', at);
  if (!claimed) return null;
  if (!options.creditMoved) await returnCreditPart(tx, adjustmentId, claimed, at);
  await tx.execute(sql`
    update ${orderItems} set status = 'refunded', refunded_at = ${timestamp(at)}, cancel_at_period_end = false,
      renewal_retry_at = null
    where id = ${claimed.itemId}`);
  const revoked = await revokeCodes(tx, claimed.itemId);
  await cancelPendingOfferOf(tx, claimed.itemId, at);
  await tx.execute(refundRows(adjustmentId, refunds, at));
  // The seller's app hears the codes are revoked, with the refund (decision 033).
  await queueItemEvent(
    tx,
    'license.refunded',
    await itemFacts(tx, claimed.itemId),
    { codes: revoked, refundedAt: at.toISOString() },
    at,
  );
  // The affiliate's commission on the item goes back with the money (decision 012).
  await reverseCommissionOfItem(tx, claimed.itemId, at);
  // The credit notes of the refund, one per invoice it returned money of (decision 038), their
  // counter's lock the last one taken.
  await issueCreditNotes(tx, adjustmentId, at, JSON.stringify(options.seller), {
    refundedToCredit: options.creditMoved === true,
  });
  // The buyer's mail, queued with the refund (decision 029).
  return queueMails(tx, claimed.itemId);
}

/**
 * A plan change, done, in one transaction with the item change: the adjustment succeeded, the
 * item on its new plan and price (purchase date and refund deadline kept), old codes revoked,
 * reserved codes allocated, the charge (price and VAT) or refund rows written. A subscription moving to another
 * billing interval also takes the plan's interval and a new period from now, paid by this change,
 * so the renewal job charges the new price at the new interval (decision 010). Answers whether
 * this call finished it.
 */
export async function finishPlanChange(
  db: Db,
  adjustmentId: string,
  money: { charge: { reference: string; provider: string } | null; refunds: MadeRefund[] },
  at: Date,
  seller: InvoiceSeller,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await claimPending(tx, adjustmentId, 'plan_change', at);
    if (!claimed || claimed.toPlanId === null) return false;
    const before = await itemFacts(tx, claimed.itemId);
    const revoked = await revokeCodes(tx, claimed.itemId);
    const given = await queryRows<{ code: string }>(
      tx,
      sql`
      update ${licenseCodes} c set status = 'allocated', allocated_at = ${timestamp(at)}
      from ${orderItemCodes} l
      where l.order_item_id = ${claimed.itemId} and c.id = l.license_code_id and c.status = 'reserved'
      returning c.code`,
    );
    const switched = sql`i.plan_kind = 'subscription' and i.billing_interval is distinct from p.billing_interval`;
    // The coupon's share stays with the item (decision 040), as the change was priced with it.
    const discountCents = await discountOnNewPlan(tx, claimed.itemId, claimed.toPlanId);
    await tx.execute(sql`
      update ${orderItems} i
      set plan_id = p.id, plan_name = p.name, unit_price_cents = p.price_cents,
          unit_original_price_cents = p.original_price_cents, amount_cents = p.price_cents * i.quantity - ${discountCents},
          discount_cents = ${discountCents},
          billing_interval = p.billing_interval,
          period_start = case when ${switched} then ${timestamp(at)} else i.period_start end,
          period_end = case when ${switched}
            then case p.billing_interval when 'year' then ${timestamp(periodEnd(at, 'year'))}
              else ${timestamp(periodEnd(at, 'month'))} end
            else i.period_end end,
          renewal_failures = case when ${switched} then 0 else i.renewal_failures end,
          renewal_retry_at = case when ${switched} then null else i.renewal_retry_at end
      from ${plans} p
      where i.id = ${claimed.itemId} and p.id = ${claimed.toPlanId}`);
    if (money.charge && claimed.chargeCents > 0) {
      await tx.execute(sql`
        insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, tax_cents, currency, provider,
          provider_reference, adjustment_id, created_at)
        select 'charge', i.order_id, i.id, ${claimed.chargeCents + claimed.taxCents}, ${claimed.taxCents}, i.currency,
          ${money.charge.provider}::payment_provider, ${money.charge.reference}, ${adjustmentId}, ${timestamp(at)}
        from ${orderItems} i where i.id = ${claimed.itemId}`);
    }
    if (money.refunds.length > 0) await tx.execute(refundRows(adjustmentId, money.refunds, at));
    await returnCreditPart(tx, adjustmentId, claimed, at);
    // The seller's app hears which codes stopped and which replaced them (decision 033).
    await queueItemEvent(
      tx,
      'license.plan_changed',
      await itemFacts(tx, claimed.itemId),
      {
        previousVariantId: before?.variantId ?? null,
        previousPlanName: before?.planName ?? null,
        revokedCodes: revoked,
        codes: given.map((row) => row.code),
        changedAt: at.toISOString(),
      },
      at,
    );
    // An upgrade's charge gets its invoice, a downgrade's refund its credit notes (decision 038),
    // the counter's lock last.
    if (money.charge && claimed.chargeCents > 0)
      await issueAdjustmentInvoice(tx, adjustmentId, at, JSON.stringify(seller));
    await issueCreditNotes(tx, adjustmentId, at, JSON.stringify(seller), { refundedToCredit: false });
    return true;
  });
}

/**
 * A change that did not happen (a declined card, a refused refund): the adjustment failed and the
 * codes reserved for it back in their pool (a plan sold out until then is news for its
 * wishlisters, in the same transaction). Answers whether this call did it.
 */
export async function failAdjustment(db: Runner, adjustmentId: string, message: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ failed: number; returned: ReturnedCodes; noticed: boolean }>(
      tx,
      sql`
      with failed as (
        update ${orderItemAdjustments} set status = 'failed', failure_message = ${message},
          completed_at = ${timestamp(at)}
        where id = ${adjustmentId} and status = 'pending'
        returning order_item_id, created_at
      ), links as (
        delete from ${orderItemCodes} l using failed, ${licenseCodes} c
        where l.order_item_id = failed.order_item_id and c.id = l.license_code_id and c.status = 'reserved'
        returning l.license_code_id
      ), codes as (
        update ${licenseCodes} c set status = 'available' from links where c.id = links.license_code_id
        returning c.id, c.plan_id
      )
      select (select count(*) from failed)::int as "failed", ${returnedByPlan} as "returned",
        ${heldNoticeably(sql`(select created_at from failed)`, at)} as "noticed"`,
    );
    await recordReturnedCodes(tx, row, at);
    return (row?.failed ?? 0) > 0;
  });
}

/**
 * The caller's bought item and its order, the item row locked for the transaction (the first lock
 * every change of an item takes): a refund or
 * plan change that waited on the lock then reads the item as the other one left it (READ
 * COMMITTED re-reads a locked row), so it cannot act on a status that no longer holds.
 */
export async function lockOwnItem(tx: Tx, userId: string, orderId: string, itemId: string) {
  const [row] = await tx
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.id, itemId),
        eq(orderItems.orderId, orderId),
        eq(orders.userId, userId),
        ne(orders.status, 'failed'),
      ),
    )
    .limit(1)
    // Not FOR UPDATE: that would also block the foreign-key checks of rows naming the item.
    .for('no key update', { of: orderItems });
  return row;
}

/**
 * Any shopper's item and its order, locked as `lockOwnItem` locks it: the admin's refund on a
 * shopper's behalf (decision 015) takes the same first lock, so it and the shopper's own refund
 * serialise on the item.
 */
export async function lockAnyItem(tx: Tx, orderId: string, itemId: string) {
  const [row] = await tx
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), ne(orders.status, 'failed')))
    .limit(1)
    .for('no key update', { of: orderItems });
  return row;
}
