/**
 * Reading issued invoices and credit notes (decision 038) for a download, which only the order's
 * owner or an admin may make (anyone else learns nothing: 404). The order views read their numbers
 * with the items (invoices.sql.ts `orderInvoiceNumber`, `itemCreditNotes`).
 */
import { type Db, type InvoiceRow, invoices, orders, type UserRow } from '@everdeal/db';
import { and, eq, isNull } from 'drizzle-orm';
import { buildInvoiceDocument, type IssuedDocument } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

export type InvoicesDeps = { db: Db };

/** A credit note as the order view lists it. */
export type CreditNoteSummary = { id: string; number: string; amountCents: number; issuedAt: string };
/** The invoice of an upgrade or a renewal as the order view lists it. */
export type AdjustmentInvoiceSummary = {
  id: string;
  number: string;
  adjustmentId: string;
  kind: 'plan_change' | 'renewal';
  amountCents: number;
  issuedAt: string;
};
/** Who asks for a document: its order's owner, or an admin. */
export type DocumentReader = { user: UserRow; isAdmin: boolean };

/**
 * Which document: an order's invoice (its checkout's, or with `adjustmentId` the invoice of one of
 * its upgrades or renewals), or a credit note by its id.
 */
export type DocumentRef =
  | { kind: 'invoice'; orderId: string; adjustmentId: string | null }
  | { kind: 'credit_note'; id: string };

/** The document if the reader may see it, else null (one answer for missing and forbidden). */
export async function findReadableDocument(
  db: Db,
  ref: DocumentRef,
  reader: DocumentReader,
): Promise<InvoiceRow | null> {
  const where =
    ref.kind === 'invoice'
      ? and(
          eq(invoices.orderId, ref.orderId),
          eq(invoices.kind, 'invoice'),
          ref.adjustmentId === null ? isNull(invoices.adjustmentId) : eq(invoices.adjustmentId, ref.adjustmentId),
        )
      : and(eq(invoices.id, ref.id), eq(invoices.kind, 'credit_note'));
  const [row] = await db
    .select({ invoice: invoices, ownerId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .limit(1);
  if (!row) return null;
  return row.ownerId === reader.user.id || reader.isAdmin ? row.invoice : null;
}

/** The PDF of an issued document, drawn from what was stored at issue. */
export function documentPdf(row: InvoiceRow): Promise<Buffer> {
  return renderInvoicePdf(buildInvoiceDocument(row.document as IssuedDocument));
}
