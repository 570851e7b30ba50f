import type { SaleEvent } from '@everdeal/contracts';
import Tag from 'lucide-react/icons/tag';
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast';
import { formatDateTime } from '~/lib/format-date';
import { useEndSale, useSales } from '../api/sale-requests';
import { SALE_STATUS_LABEL } from '../sale-form';
import { SaleFormSection } from './sale-form-section';

/**
 * `/admin/sales` (decision 042): schedule a store-wide sale, list the sales with their status,
 * edit one that has not ended in the same form (an upcoming one entirely, a running one its name
 * and end), and end one now after a confirmation.
 */
export function SalesPage() {
  const sales = useSales();
  const [editingId, setEditingId] = useState<string | null>(null);
  // The sale as the list has it now: its status may have moved on since the form opened (it
  // started, so its terms are fixed; it ended, so there is nothing left to edit).
  const editing = sales.data?.find((sale) => sale.id === editingId && sale.status !== 'ended') ?? null;
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);

  useEffect(() => {
    if (editingId === null || editing || !sales.data) return;
    setEditingId(null);
    toast.info('That sale has ended, so there is nothing left to edit.');
  }, [editingId, editing, sales.data]);

  // Saved or canceled, the form closes: the focus goes back to the sale's own "Edit" button.
  useEffect(() => {
    if (returnFocusTo === null) return;
    document.getElementById(editButtonId(returnFocusTo))?.focus();
    setReturnFocusTo(null);
  }, [returnFocusTo]);

  return (
    <div className="max-w-3xl space-y-8">
      <SaleFormSection
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={() => {
          setReturnFocusTo(editingId);
          setEditingId(null);
        }}
      />

      <section aria-labelledby="sale-list-heading" className="space-y-3">
        <h2 id="sale-list-heading" className="font-semibold text-ink-900 text-lg">
          Sales
        </h2>
        {sales.isPending ? (
          <SkeletonText lines={4} />
        ) : sales.isError ? (
          <FormAlert>
            We could not load the sales.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void sales.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : sales.data.length === 0 ? (
          <EmptyState icon={Tag} title="No sales yet" description="Schedule one above." />
        ) : (
          <ul className="divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
            {sales.data.map((sale) => (
              <SaleRow key={sale.id} sale={sale} onEdit={() => setEditingId(sale.id)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const editButtonId = (saleId: string) => `sale-edit-${saleId}`;

const statusClasses = {
  running: 'bg-rose-100 text-rose-800',
  upcoming: 'bg-brand-50 text-brand-700',
  ended: 'bg-ink-900/5 text-ink-700',
} as const;

function SaleRow({ sale, onEdit }: { sale: SaleEvent; onEdit: () => void }) {
  const end = useEndSale();
  const stops = sale.endedAt ?? sale.endsAt;
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <div className="min-w-0 flex-1 basis-56 space-y-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="break-words font-semibold text-ink-900">{sale.name}</span>
          <span className="text-ink-700 text-sm">{sale.percentOff}% off</span>
          <span
            className={`inline-flex h-6 items-center rounded-full px-2.5 font-semibold text-xs ${statusClasses[sale.status]}`}
          >
            {SALE_STATUS_LABEL[sale.status]}
          </span>
        </p>
        <p className="text-ink-500 text-sm">
          {formatDateTime(sale.startsAt)} to {formatDateTime(stops)}
          {sale.endedAt ? ' (ended early)' : ''}
        </p>
      </div>
      {sale.status === 'ended' ? null : (
        <div className="flex gap-2">
          <Button
            id={editButtonId(sale.id)}
            variant="outline"
            size="sm"
            aria-label={`Edit: ${sale.name}`}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Modal
            trigger={
              <Button
                variant="danger-outline"
                size="sm"
                aria-label={`${sale.status === 'running' ? 'End now' : 'Cancel'}: ${sale.name}`}
              >
                {sale.status === 'running' ? 'End now' : 'Cancel'}
              </Button>
            }
            title={sale.status === 'running' ? `End “${sale.name}” now?` : `Cancel “${sale.name}”?`}
            description={
              sale.status === 'running'
                ? 'Prices go back to normal at once, everywhere in the store. Carts show the new price, and shoppers confirm it at checkout.'
                : 'The sale will not start. This cannot be undone; schedule a new one instead.'
            }
            confirmLabel={sale.status === 'running' ? 'End the sale' : 'Cancel the sale'}
            confirmVariant="danger"
            onConfirm={async () => {
              await end.mutateAsync(sale.id);
              toast.success(`The sale “${sale.name}” has ended.`);
            }}
          />
        </div>
      )}
    </li>
  );
}
