/**
 * The money an adjustment returns (decisions 010, 030, 037): what each charge of an item still
 * holds, price and VAT apart; how a refund is split over those charges; and the refund rows that
 * record it. A refund returns the VAT with the price: each row carries the VAT it returned in
 * `tax_cents`, so the sellers' money (`amount_cents - tax_cents`) gives back exactly the price it
 * counted.
 */
import { moneyMovements, orderItemAdjustments, orderItems } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import type { Runner } from './db-runner';

/** A charge row of an item with what is left of it after earlier refunds, and the VAT of that. */
export type RefundableCharge = {
  movementId: string;
  reference: string;
  provider: string;
  refundableCents: number;
  refundableTaxCents: number;
  /** Checkout's charge, not an upgrade's or a renewal's: its VAT covers the item's store credit part too. */
  fromCheckout: boolean;
};

/**
 * The item's charges that still hold money, newest first: a refund returns money from the
 * payments that took it (a provider refunds one payment at a time), the latest first.
 */
export async function refundableCharges(db: Runner, itemId: string): Promise<RefundableCharge[]> {
  return queryRows<RefundableCharge>(
    db,
    sql`
    select m.id as "movementId", m.provider_reference as "reference", m.provider::text as "provider",
           (m.amount_cents - r.amount)::int as "refundableCents", (m.tax_cents - r.tax)::int as "refundableTaxCents",
           m.adjustment_id is null as "fromCheckout"
    from ${moneyMovements} m
    cross join lateral (
      -- Refunds and chargebacks took money from the charge; a won dispute's reversal gave it back (decision 039).
      select coalesce(sum(case when p.kind = 'chargeback_reversal' then -p.amount_cents else p.amount_cents end), 0) as amount,
             coalesce(sum(case when p.kind = 'chargeback_reversal' then -p.tax_cents else p.tax_cents end), 0) as tax
      from ${moneyMovements} p where p.refunded_movement_id = m.id
    ) r
    where m.order_item_id = ${itemId} and m.kind = 'charge'
    order by m.created_at desc, m.id desc`,
  );
}

/**
 * The store credit an item still holds (decision 030): its share of the order's credit less what
 * earlier adjustments gave back as credit. A refund or downgrade returns this part as credit.
 */
export async function creditHeldOf(db: Runner, itemId: string): Promise<number> {
  const [row] = await queryRows<{ cents: number }>(
    db,
    sql`
    select (i.paid_with_credit_cents - coalesce((select sum(a.credit_refund_cents) from ${orderItemAdjustments} a
      where a.order_item_id = i.id and a.status = 'succeeded'), 0))::int as "cents"
    from ${orderItems} i where i.id = ${itemId}`,
  );
  return Math.max(row?.cents ?? 0, 0);
}

/** One part of a refund: `amountCents` back from one charge, `taxCents` of it VAT. */
export type RefundPart = { movementId: string; reference: string; amountCents: number; taxCents: number };

/** Price left in a charge: what it holds less its VAT. */
export const refundablePriceOf = (charge: RefundableCharge) =>
  Math.max(charge.refundableCents - charge.refundableTaxCents, 0);

/**
 * How a refund of `priceCents` of price (or `all` the charges hold) is taken from the charges,
 * newest first, each part with the VAT that price carried: a charge taken whole gives all its VAT
 * left; the one taken in part gives its VAT in proportion to the price taken (rounded half up,
 * never more than it holds). Answers the parts and the price no charge could give.
 *
 * Store credit pays price, never VAT (decision 037): checkout's charge of an item credit paid in
 * part carries the VAT of the whole price, so its VAT is in proportion to its price and the
 * credit the item still holds (`creditHeldCents`) together. In proportion to its own price alone,
 * a downgrade of a $100 item paid with $30 of credit and $70 + $19 VAT by card returned $13.57 of
 * VAT on $50 instead of $9.50, and the item kept less VAT than its price carries.
 */
export function splitRefund(
  charges: RefundableCharge[],
  priceCents: number | 'all',
  creditHeldCents = 0,
): { parts: RefundPart[]; missingCents: number } {
  let left = priceCents;
  const parts: RefundPart[] = [];
  for (const charge of charges) {
    if (left === 0) break;
    const price = refundablePriceOf(charge);
    if (charge.refundableCents <= 0) continue;
    const { movementId, reference } = charge;
    if (left === 'all' || left >= price) {
      parts.push({ movementId, reference, amountCents: charge.refundableCents, taxCents: charge.refundableTaxCents });
      if (left !== 'all') left -= price;
      continue;
    }
    const taxedPrice = price + (charge.fromCheckout ? creditHeldCents : 0);
    const tax = Math.min(
      charge.refundableTaxCents,
      Math.floor((2 * left * charge.refundableTaxCents + taxedPrice) / (2 * taxedPrice)),
    );
    parts.push({ movementId, reference, amountCents: left + tax, taxCents: tax });
    left = 0;
  }
  return { parts, missingCents: left === 'all' ? 0 : left };
}

/** One provider refund made for an adjustment, to be written as a refund row. */
export type MadeRefund = RefundPart;

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Writes the refund rows of an adjustment (inside its finishing statement's transaction). */
export function refundRows(adjustmentId: string, refunds: MadeRefund[], at: Date) {
  return sql`
    insert into ${moneyMovements} (kind, order_id, order_item_id, amount_cents, tax_cents, currency, provider,
      provider_reference, refunded_movement_id, adjustment_id, created_at)
    select 'refund', m.order_id, m.order_item_id, r.amount_cents, r.tax_cents,
      m.currency, m.provider, r.reference, m.id, ${adjustmentId}, ${timestamp(at)}
    from json_to_recordset(${JSON.stringify(
      refunds.map((refund) => ({
        movement_id: refund.movementId,
        reference: refund.reference,
        amount_cents: refund.amountCents,
        tax_cents: refund.taxCents,
      })),
    )}::json) as r(movement_id uuid, reference text, amount_cents int, tax_cents int)
    join ${moneyMovements} m on m.id = r.movement_id
    where r.amount_cents > 0`;
}

/**
 * The reference of a refund row that returned a charge's money as store credit rather than
 * through the provider: the store no longer holds the money for the seller, so every statement
 * that subtracts refunds from a charge (payouts, sales, analytics, the lifetime promise) reads it
 * as refunded, while the provider, asked for nothing, shows no refund. Unique per charge, as the
 * row's (kind, reference, item) key needs.
 */
export const STORE_CREDIT_REFERENCE_PREFIX = 'store-credit:';
const storeCreditReference = (adjustmentId: string, movementId: string) =>
  `${STORE_CREDIT_REFERENCE_PREFIX}${adjustmentId}:${movementId}`;

/** The refund rows of a refund to store credit: every charge's refundable rest, none asked of the provider. */
export function storeCreditRefunds(adjustmentId: string, charges: RefundableCharge[]): MadeRefund[] {
  return splitRefund(charges, 'all').parts.map((part) => ({
    ...part,
    reference: storeCreditReference(adjustmentId, part.movementId),
  }));
}
