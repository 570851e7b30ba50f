import type { Order } from '@everdeal/contracts';
import { creditNotePdfPath, invoicePdfPath } from '@everdeal/contracts/invoice-paths';
import { formatMoney } from '@everdeal/contracts/money';
import FileDown from 'lucide-react/icons/file-down';
import { useState } from 'react';
import { downloadDocument } from '../api/download-document';

type Document = { key: string; label: string; path: string; fileName: string };

/**
 * The order's invoice, its upgrades' and renewals' invoices and its credit notes as PDF downloads
 * (decision 038); nothing for an order
 * without an invoice (unpaid, or paid before invoices were issued).
 */
export function InvoiceLinks({ order, className = '' }: { order: Order; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (!order.invoiceNumber) return null;
  const documents: Document[] = [
    {
      key: 'invoice',
      label: 'Download invoice (PDF)',
      path: invoicePdfPath(order.id),
      fileName: `${order.invoiceNumber}.pdf`,
    },
    ...order.adjustmentInvoices.map((invoice) => ({
      key: invoice.id,
      label: `${invoice.kind === 'renewal' ? 'Renewal' : 'Upgrade'} invoice ${invoice.number} (${formatMoney(invoice.amountCents, order.currency)}, PDF)`,
      path: invoicePdfPath(order.id, invoice.adjustmentId),
      fileName: `${invoice.number}.pdf`,
    })),
    ...order.creditNotes.map((note) => ({
      key: note.id,
      label: `Credit note ${note.number} (${formatMoney(note.amountCents, order.currency)}, PDF)`,
      path: creditNotePdfPath(note.id),
      fileName: `${note.number}.pdf`,
    })),
  ];
  const download = async (document: Document) => {
    setBusy(document.key);
    setFailed(null);
    const done = await downloadDocument(document.path, document.fileName);
    setBusy(null);
    if (!done) setFailed(document.key);
  };
  return (
    <div className={className}>
      <p className="text-ink-500 text-sm">Invoice {order.invoiceNumber}</p>
      <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {documents.map((document) => (
          <li key={document.key}>
            <button
              type="button"
              onClick={() => void download(document)}
              aria-busy={busy === document.key}
              className="inline-flex min-h-11 items-center gap-1.5 text-left font-medium text-brand-700 text-sm underline-offset-2 hover:underline sm:min-h-0"
            >
              <FileDown aria-hidden="true" className="size-4" />
              {document.label}
            </button>
          </li>
        ))}
      </ul>
      {failed ? (
        <p role="alert" className="mt-1 text-red-700 text-sm">
          The file could not be downloaded. Try again in a moment.
        </p>
      ) : null}
    </div>
  );
}
