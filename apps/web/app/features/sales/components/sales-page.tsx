import type { SaleEvent } from '@everdeal/contracts';
import Tag from 'lucide-react/icons/tag';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { ApiError } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { useCreateSale, useEndSale, useSales } from '../api/sale-requests';
import { SALE_STATUS_LABEL, type SaleFormErrors, type SaleFormValues, saleFormErrors, saleInput } from '../sale-form';

const EMPTY_FORM: SaleFormValues = { name: '', percentOff: '', startsAt: '', endsAt: '' };

/**
 * `/admin/sales` (decision 042): schedule a store-wide sale (each field says what is wrong before
 * anything is sent; the server's refusal, such as an overlap, shows above the button), list the
 * sales with their status, and end one now after a confirmation.
 */
export function SalesPage() {
  const sales = useSales();
  const create = useCreateSale();
  const [form, setForm] = useState<SaleFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<SaleFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<SaleFormValues>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const found = saleFormErrors(form, Date.now());
    const formElement = event.currentTarget;
    // Rendered now, so the first field to fix can take the focus; its message is read with it.
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) {
      formElement.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      const { sale } = await create.mutateAsync(saleInput(form));
      toast.success(`The sale “${sale.name}” was scheduled.`);
      setForm(EMPTY_FORM);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The sale could not be created. Try again.');
    }
  }

  return (
    <div className="max-w-3xl space-y-8">
      <section aria-labelledby="sale-new-heading" className="space-y-3">
        <h2 id="sale-new-heading" className="font-semibold text-ink-900 text-lg">
          New sale
        </h2>
        <p className="text-ink-500 text-sm">
          While it runs, every plan of every product sells at the percentage off, rounded to the cent, unless its seller
          keeps the product out. Coupons apply on top of the sale price. Two sales cannot overlap.
        </p>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label="Name"
            hint="Shoppers see it on the home page and beside sale prices."
            value={form.name}
            maxLength={80}
            error={errors.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          <TextField
            label="Percent off (1 to 90)"
            inputMode="numeric"
            value={form.percentOff}
            error={errors.percentOff}
            onChange={(event) => set({ percentOff: event.target.value })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Starts"
              type="datetime-local"
              hint="Your time zone."
              value={form.startsAt}
              error={errors.startsAt}
              onChange={(event) => set({ startsAt: event.target.value })}
            />
            <TextField
              label="Ends"
              type="datetime-local"
              hint="Your time zone."
              value={form.endsAt}
              error={errors.endsAt}
              onChange={(event) => set({ endsAt: event.target.value })}
            />
          </div>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <Button type="submit" isLoading={create.isPending}>
            Schedule sale
          </Button>
        </form>
      </section>

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
              <SaleRow key={sale.id} sale={sale} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const statusClasses = {
  running: 'bg-rose-100 text-rose-800',
  upcoming: 'bg-brand-50 text-brand-700',
  ended: 'bg-ink-900/5 text-ink-700',
} as const;

function SaleRow({ sale }: { sale: SaleEvent }) {
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
      )}
    </li>
  );
}
