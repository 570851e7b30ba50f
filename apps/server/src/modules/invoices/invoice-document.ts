/**
 * What an invoice or credit note says (decision 038), as plain values: `IssuedDocument` is the JSON
 * stored with the row when it is issued (invoices.sql.ts builds it in the issuing statement) and
 * never changed; `InvoiceDocument` is what the PDF prints, built from it by `buildInvoiceDocument`.
 * The buyer's billing details and the tax are optional inputs: the stored document carries them once
 * checkout records them (decision 038, "What is not done"), and the builder prints them already.
 */

import { formatMoney } from '@everdeal/contracts/money';

/**
 * The store as the seller, from configuration (INVOICE_SELLER_*, docs/operations.md), and the
 * member state it was established in when the document was issued (STORE_COUNTRY), which decides
 * whether a sale to a consumer there was domestic (decision 048). Documents issued before
 * 2026-11-29 have no `country`.
 */
export type InvoiceSeller = { name: string; address: string; vatId: string | null; country?: string };

/** The buyer's billing details as at purchase; every field but the country may be missing. */
export type BillingDetails = {
  name?: string | null;
  companyName?: string | null;
  vatId?: string | null;
  country: string;
  addressLine?: string | null;
  city?: string | null;
  postalCode?: string | null;
};

/** The tax of an order: a rate in basis points (1900 = 19%) and its amount, or a reverse charge. */
export type InvoiceTax = { rateBasisPoints: number; amountCents: number; reverseCharge: boolean };

/** One bought line as sold: amounts in cents, `amountCents` the line's total. */
export type IssuedLine = {
  product: string;
  plan: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  /** Invoices: the coupon's discount on the line (decision 040), already out of `amountCents`. */
  discountCents?: number;
  /**
   * Invoices: what the store-wide sale took off the line's list price (decision 042); the unit
   * price is already the sale price.
   */
  saleDiscountCents?: number;
  /**
   * Credit notes: what is credited (`refund`, or `plan_change` to `toPlan`). Invoices of an
   * adjustment: what is billed (`upgrade` from `fromPlan` to `toPlan`, or `renewal` for the period
   * from `periodStart` to `periodEnd`).
   */
  reason?: 'refund' | 'plan_change' | 'upgrade' | 'renewal';
  fromPlan?: string | null;
  toPlan?: string | null;
  periodStart?: string;
  periodEnd?: string;
};

/** The JSON stored in `invoices.document` when the row is issued. */
export type IssuedDocument = {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  orderId: string;
  currency: string;
  seller: InvoiceSeller;
  buyer: { name: string; email: string };
  lines: IssuedLine[];
  /** Invoices: the part of the total paid with store credit, and the card that paid the rest. */
  paidWithCreditCents: number;
  card: { brand: string; last4: string } | null;
  /** Invoices of an upgrade or a renewal: the adjustment billed (decision 038). */
  adjustmentId?: string;
  /** Credit notes: the invoice corrected, and whether the money went back as store credit. */
  creditedInvoiceNumber?: string;
  refundedToCredit?: boolean;
  billing?: BillingDetails | null;
  tax?: InvoiceTax | null;
};

/** What the PDF prints. */
export type InvoiceDocument = {
  kind: 'invoice' | 'credit_note';
  title: string;
  number: string;
  issuedAt: string;
  orderId: string;
  currency: string;
  seller: InvoiceSeller;
  buyer: {
    name: string;
    companyName: string | null;
    vatId: string | null;
    addressLines: string[];
    country: string | null;
    email: string;
  };
  lines: { description: string; plan: string; quantity: number; unitPriceCents: number; amountCents: number }[];
  subtotalCents: number;
  /** A tax line (rate and amount), or a reverse charge note; null when no tax applies. */
  tax: { rateBasisPoints: number; amountCents: number } | null;
  reverseChargeNote: string | null;
  totalCents: number;
  /** How it was paid (invoices) or returned (credit notes), one line each. */
  payments: { label: string; amountCents: number }[];
  /** "Credit note for invoice EVD-…" on credit notes. */
  reference: string | null;
};

export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Art. 196 VAT Directive).';

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The day of an ISO time, as the line of a renewal names its period. */
const dayOf = (iso: string) => iso.slice(0, 10);

function lineDescription(line: IssuedLine): string {
  if (line.reason === 'plan_change') return `${line.product}: plan change to ${line.toPlan ?? 'another plan'}`;
  if (line.reason === 'upgrade') {
    return `${line.product}: upgrade from ${line.fromPlan ?? 'the previous plan'} to ${line.toPlan ?? line.plan}`;
  }
  if (line.reason === 'renewal' && line.periodStart && line.periodEnd) {
    // A coupon stays on every renewal (decision 040): its share is named, as checkout's line does.
    const coupon = line.discountCents ? ` (coupon discount ${formatMoney(line.discountCents)})` : '';
    return `${line.product}: renewal for ${dayOf(line.periodStart)} to ${dayOf(line.periodEnd)}${coupon}`;
  }
  if (line.reason === 'refund') return `${line.product}: refund`;
  // The amount is after the sale and the coupon (decisions 042, 040): the line says by how much.
  const notes = [
    ...(line.saleDiscountCents ? [`sale discount ${formatMoney(line.saleDiscountCents)}`] : []),
    ...(line.discountCents ? [`coupon discount ${formatMoney(line.discountCents)}`] : []),
  ];
  return notes.length > 0 ? `${line.product} (${notes.join(', ')})` : line.product;
}

function paymentsOf(issued: IssuedDocument, totalCents: number): InvoiceDocument['payments'] {
  const credit = Math.min(issued.paidWithCreditCents, totalCents);
  const rest = totalCents - credit;
  if (issued.kind === 'credit_note') {
    if (issued.refundedToCredit) return [{ label: 'Returned as store credit', amountCents: totalCents }];
    return [
      ...(rest > 0 ? [{ label: 'Refunded to the card', amountCents: rest }] : []),
      ...(credit > 0 ? [{ label: 'Returned as store credit', amountCents: credit }] : []),
    ];
  }
  const card = issued.card ? `Paid by card (${issued.card.brand} •••• ${issued.card.last4})` : 'Paid by card';
  return [
    ...(credit > 0 ? [{ label: 'Paid with store credit', amountCents: credit }] : []),
    ...(rest > 0 ? [{ label: card, amountCents: rest }] : []),
  ];
}

/**
 * A stored tax that names no rate is no tax: credit notes of invoices without VAT issued before
 * 2026-11-29 stored `{amountCents: 0}` (the invoice's JSON null taken for a tax, decision 048).
 * Documents are never rewritten, so they are read this way.
 */
function taxOf(tax: InvoiceTax | null): InvoiceTax | null {
  if (tax === null) return null;
  if (tax.reverseCharge === true) return tax;
  return typeof tax.rateBasisPoints === 'number' ? tax : null;
}

/**
 * The printed document of an issued one. `options.billing` and `options.tax` stand in for the stored
 * ones (the billing details and tax of the order), so an order's document can be built before
 * checkout stores them; left out, the stored ones (or none) are used.
 */
export function buildInvoiceDocument(
  issued: IssuedDocument,
  options: { billing?: BillingDetails | null; tax?: InvoiceTax | null } = {},
): InvoiceDocument {
  const billing = options.billing ?? issued.billing ?? null;
  const tax = taxOf(options.tax ?? issued.tax ?? null);
  const lines = issued.lines.map((line) => ({
    description: lineDescription(line),
    plan: line.plan,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.amountCents,
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = tax && !tax.reverseCharge ? tax.amountCents : 0;
  const totalCents = subtotalCents + taxCents;
  const addressLines = billing
    ? [billing.addressLine, [billing.postalCode, billing.city].filter(present).join(' ')].filter(present)
    : [];
  return {
    kind: issued.kind,
    title: issued.kind === 'invoice' ? 'Invoice' : 'Credit note',
    number: issued.number,
    issuedAt: issued.issuedAt,
    orderId: issued.orderId,
    currency: issued.currency,
    seller: issued.seller,
    buyer: {
      name: present(billing?.name) ? billing.name : issued.buyer.name,
      companyName: present(billing?.companyName) ? billing.companyName : null,
      vatId: present(billing?.vatId) ? billing.vatId : null,
      addressLines,
      country: billing?.country ?? null,
      email: issued.buyer.email,
    },
    lines,
    subtotalCents,
    tax: tax && !tax.reverseCharge ? { rateBasisPoints: tax.rateBasisPoints, amountCents: tax.amountCents } : null,
    reverseChargeNote: tax?.reverseCharge ? REVERSE_CHARGE_NOTE : null,
    totalCents,
    payments: paymentsOf(issued, totalCents),
    reference: issued.creditedInvoiceNumber ? `Credit note for invoice ${issued.creditedInvoiceNumber}` : null,
  };
}

/** "19%" or "7.5%" from basis points. */
export function formatTaxRate(rateBasisPoints: number): string {
  return `${(rateBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}
