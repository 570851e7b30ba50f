import { SELLER_SHARE_PERCENT } from '@everdeal/contracts';

// Seller payouts (requirements §13, decision 014), as pure functions of the money rows: every
// charge of an item (checkout, upgrade, renewal) is a sale; 70% of what the store keeps of it,
// floored to the cent, becomes payable when the item's refund window has closed (at once for a
// charge made after the window). Refunds made before then lower the share (a refunded item pays
// nothing); a refund made after it reverses the difference in the month it happens. Money rows are
// never changed once written, so a past month's statement never changes either.

/** The seller's share of what the store kept of a sale, rounded down: never more than 70%. */
export function sellerShareCents(keptCents: number): number {
  return Math.floor((Math.max(keptCents, 0) * SELLER_SHARE_PERCENT) / 100);
}

export type SaleCharge = {
  id: string;
  amountCents: number;
  currency: string;
  createdAt: Date;
  /** The item's refund deadline; null when the deal has no refund window. */
  refundableUntil: Date | null;
  orderId: string;
  orderItemId: string;
  productName: string;
  planName: string;
  quantity: number;
};

export type SaleRefund = { id: string; chargeId: string; amountCents: number; createdAt: Date };

export type PayoutEvent = {
  kind: 'earned' | 'reversed';
  at: Date;
  charge: SaleCharge;
  /** What the store still held of the sale after this event. */
  keptCents: number;
  /** Signed: positive when earned, negative when reversed. */
  shareCents: number;
};

/** When a charge's share becomes payable: the end of the item's refund window, or the charge itself if later. */
export function payableAt(charge: SaleCharge): Date {
  const windowEnd = charge.refundableUntil?.getTime() ?? charge.createdAt.getTime();
  return new Date(Math.max(windowEnd, charge.createdAt.getTime()));
}

const byTime = (a: SaleRefund, b: SaleRefund) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The payable movements up to `now` and what is still pending. For each charge: one `earned` event
 * at its payable time (refunds before it already deducted) and one `reversed` event per later
 * refund. The shares of one charge add up to the share of what the store finally kept of it.
 */
export function computePayouts(
  charges: SaleCharge[],
  refunds: SaleRefund[],
  now: Date,
): { events: PayoutEvent[]; pending: Map<string, number> } {
  const refundsOf = new Map<string, SaleRefund[]>();
  for (const refund of refunds) {
    const list = refundsOf.get(refund.chargeId) ?? [];
    list.push(refund);
    refundsOf.set(refund.chargeId, list);
  }
  const events: PayoutEvent[] = [];
  const pending = new Map<string, number>();
  for (const charge of charges) {
    const due = payableAt(charge);
    const ordered = (refundsOf.get(charge.id) ?? []).sort(byTime);
    if (due.getTime() > now.getTime()) {
      // Still inside the refund window: what it would pay if the window closed now.
      const refunded = ordered.reduce((sum, refund) => sum + refund.amountCents, 0);
      const share = sellerShareCents(charge.amountCents - refunded);
      pending.set(charge.currency, (pending.get(charge.currency) ?? 0) + share);
      continue;
    }
    let kept = charge.amountCents;
    let index = 0;
    for (; index < ordered.length && (ordered[index] as SaleRefund).createdAt.getTime() <= due.getTime(); index++) {
      kept -= (ordered[index] as SaleRefund).amountCents;
    }
    let share = sellerShareCents(kept);
    // Refunded in full inside the window: nothing to pay, nothing to list.
    if (share > 0) events.push({ kind: 'earned', at: due, charge, keptCents: kept, shareCents: share });
    for (; index < ordered.length; index++) {
      const refund = ordered[index] as SaleRefund;
      kept -= refund.amountCents;
      const after = sellerShareCents(kept);
      if (after !== share) {
        events.push({ kind: 'reversed', at: refund.createdAt, charge, keptCents: kept, shareCents: after - share });
      }
      share = after;
    }
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.charge.id < b.charge.id ? -1 : 1));
  return { events, pending };
}

/** `YYYY-MM` of a time, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Cents as a plain decimal for a CSV ("-12.34"), built from integers. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One CSV cell: quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Seller-written text (product and plan names) in a CSV: a leading `= + - @`, tab or carriage
 * return (OWASP's CSV injection list) would be a formula to a spreadsheet, so it is defused with an
 * apostrophe. The check reads the NFKC form: a spreadsheet may take the full-width `＝` and the
 * other compatibility forms for those characters. The cell keeps the seller's own text.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value.normalize('NFKC')) ? `'${value}` : value;
}

export const STATEMENT_HEADER = [
  'date',
  'type',
  'order_id',
  'order_item_id',
  'product',
  'plan',
  'quantity',
  'sale_amount',
  'kept_after_refunds',
  'seller_share',
  'currency',
];

/**
 * A movement of the payable that is not a sale (decision 031, `seller_adjustments`): the store
 * credit a seller funds under the lifetime promise. Signed cents, in the month it was written.
 */
export type SellerAdjustment = {
  id: string;
  kind: 'protection';
  amountCents: number;
  currency: string;
  createdAt: Date;
  orderId: string | null;
  orderItemId: string | null;
  productName: string;
  planName: string | null;
  quantity: number | null;
};

/** What the adjustments add to the payable, per currency (negative: the seller owes it). */
export function adjustmentTotals(adjustments: readonly SellerAdjustment[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const adjustment of adjustments) {
    totals.set(adjustment.currency, (totals.get(adjustment.currency) ?? 0) + adjustment.amountCents);
  }
  return totals;
}

/**
 * Money sent to the seller's payout account (decision 036, `seller_payouts` rows pending or
 * paid): it lowers the payable balance by its amount when the store commits to it.
 */
export type SellerTransfer = { id: string; period: string; amountCents: number; currency: string; createdAt: Date };

/** What the transfers took out of the payable, per currency (positive cents). */
export function transferTotals(transfers: readonly SellerTransfer[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const transfer of transfers) {
    totals.set(transfer.currency, (totals.get(transfer.currency) ?? 0) + transfer.amountCents);
  }
  return totals;
}

/**
 * A month's statement: one line per payable movement (sales earned and reversed, adjustments such
 * as lifetime-promise protection, transfers to the seller's account), oldest first, then the
 * total per currency: how much the month changed the payable balance.
 */
export function statementCsv(
  events: PayoutEvent[],
  adjustments: readonly SellerAdjustment[] = [],
  transfers: readonly SellerTransfer[] = [],
): { csv: string; totals: Map<string, number> } {
  const lines = [STATEMENT_HEADER.join(',')];
  const totals = new Map<string, number>();
  const rows: { at: Date; currency: string; shareCents: number; cells: (string | number)[] }[] = [
    ...events.map((event) => ({
      at: event.at,
      currency: event.charge.currency,
      shareCents: event.shareCents,
      cells: [
        event.kind,
        event.charge.orderId,
        event.charge.orderItemId,
        csvText(event.charge.productName),
        csvText(event.charge.planName),
        event.charge.quantity,
        centsToDecimal(event.charge.amountCents),
        centsToDecimal(event.keptCents),
      ],
    })),
    ...adjustments.map((adjustment) => ({
      at: adjustment.createdAt,
      currency: adjustment.currency,
      shareCents: adjustment.amountCents,
      cells: [
        adjustment.kind,
        adjustment.orderId ?? '',
        adjustment.orderItemId ?? '',
        csvText(adjustment.productName),
        csvText(adjustment.planName ?? ''),
        adjustment.quantity ?? '',
        '',
        '',
      ],
    })),
    ...transfers.map((transfer) => ({
      at: transfer.createdAt,
      currency: transfer.currency,
      shareCents: -transfer.amountCents,
      cells: ['transfer', '', '', `payout ${transfer.period}`, '', '', '', ''],
    })),
  ];
  rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const row of rows) {
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.shareCents);
    lines.push(
      [row.at.toISOString(), ...row.cells, centsToDecimal(row.shareCents), row.currency].map(csvCell).join(','),
    );
  }
  for (const [currency, total] of [...totals.entries()].sort()) {
    lines.push(['', 'total', '', '', '', '', '', '', '', centsToDecimal(total), currency].map(csvCell).join(','));
  }
  return { csv: `${lines.join('\r\n')}\r\n`, totals };
}
