// Apart from order-paths.ts, which most pages load: only the order pages' invoice links need these.

/**
 * An order's invoice (with `adjustmentId`, the invoice of one of its upgrades or renewals) and a
 * credit note as PDFs (decision 038): served beside the API, with its bearer token, to the order's
 * owner or an admin.
 */
export const invoicePdfPath = (orderId: string, adjustmentId?: string) =>
  `/invoices/${encodeURIComponent(orderId)}.pdf${adjustmentId ? `?adjustment=${encodeURIComponent(adjustmentId)}` : ''}`;
export const creditNotePdfPath = (creditNoteId: string) => `/credit-notes/${encodeURIComponent(creditNoteId)}.pdf`;
