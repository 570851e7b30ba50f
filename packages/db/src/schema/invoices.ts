import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderItemAdjustments, orders } from './orders';

/**
 * The last number given in one series and calendar year (decision 038). Numbers are taken by an
 * upsert of this row in the transaction that issues the document, so the row lock serializes
 * concurrent issuers and a rolled-back transaction gives its number back: no gaps, unlike a
 * sequence.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text().notNull(),
    year: integer().notNull(),
    lastNumber: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('invoice_counters_positive_check', sql`${t.lastNumber} > 0`),
  ],
);

export const invoiceKind = pgEnum('invoice_kind', ['invoice', 'credit_note']);

/**
 * An issued invoice or credit note (decision 038): its number, the order it belongs to, for a
 * credit note the refund or plan change it credits and the invoice it corrects, and `document`,
 * the JSON of everything printed on it as it was at issue. A row is never updated: the PDF is
 * drawn from `document` every time it is asked for.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: invoiceKind().notNull(),
    number: text().notNull().unique(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    adjustmentId: uuid().references(() => orderItemAdjustments.id),
    creditedInvoiceId: uuid().references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    // The invoice's total, or the amount a credit note returns (positive), in cents.
    totalCents: integer().notNull(),
    currency: text().notNull(),
    document: jsonb().notNull(),
  },
  (t) => [
    // A credit note corrects an invoice and credits an adjustment; an invoice corrects nothing and
    // names an adjustment only when it bills one (an upgrade or a renewal).
    check(
      'invoices_credit_note_check',
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null) and (${t.kind} = 'invoice' or ${t.adjustmentId} is not null)`,
    ),
    check('invoices_total_check', sql`${t.totalCents} >= 0`),
    // One invoice per order's checkout, one per adjustment that charged (an upgrade, a renewal),
    // and one credit note per adjustment and invoice it returned money of (a refund across an
    // order's and an upgrade's charges corrects both invoices).
    uniqueIndex('invoices_order_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.adjustmentId} is null`),
    uniqueIndex('invoices_adjustment_invoice_key').on(t.adjustmentId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_adjustment_credit_note_key')
      .on(t.adjustmentId, t.creditedInvoiceId)
      .where(sql`${t.kind} = 'credit_note'`),
    index('invoices_order_idx').on(t.orderId),
    // The VAT report's pages: a quarter's documents in issue order (decision 048).
    index('invoices_issued_at_idx').on(t.issuedAt, t.id),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
