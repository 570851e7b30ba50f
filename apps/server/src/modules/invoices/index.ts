/**
 * The invoices module's public face (docs/architecture.md "Server modules"): numbered invoices and
 * credit notes, issued in the transactions of payments and refunds, downloaded as PDFs (decision 038),
 * and the admin's VAT report of a quarter summed from them (decision 048).
 * Everything else in this folder is private to it.
 */
export { issueAdjustmentInvoice } from './adjustment-invoices.sql';
export type { InvoiceSeller } from './invoice-document';
export { registerInvoiceDownloads } from './invoices.routes';
export type { AdjustmentInvoiceSummary, CreditNoteSummary } from './invoices.service';
export {
  issueCreditNotes,
  issueInvoiceCtes,
  itemAdjustmentInvoices,
  itemCreditNotes,
  orderInvoiceNumber,
} from './invoices.sql';
export { vatReportHandlers } from './vat-report.routes';
