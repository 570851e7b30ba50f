// Apart from order-paths.ts, which most pages load: only the order pages' invoice links need these.

/**
 * An order's invoice and a credit note as PDFs (decision 038): served beside the API, with its
 * bearer token, to the order's owner or an admin.
 */
export const invoicePdfPath = (orderId: string) => `/invoices/${encodeURIComponent(orderId)}.pdf`;
export const creditNotePdfPath = (creditNoteId: string) => `/credit-notes/${encodeURIComponent(creditNoteId)}.pdf`;
