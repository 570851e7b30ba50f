import type { SaleEvent } from '@everdeal/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { ApiError } from '~/lib/api-client';
import { useCreateSale, useUpdateSale } from '../api/sale-requests';
import {
  type SaleFormErrors,
  type SaleFormValues,
  saleFormErrors,
  saleFormValuesOf,
  saleInput,
  saleUpdateInput,
} from '../sale-form';

const EMPTY_FORM: SaleFormValues = { name: '', percentOff: '', startsAt: '', endsAt: '' };

/**
 * The sale form of `/admin/sales` (decision 042): a new sale, or with `editing` one already
 * scheduled, filled with its fields (a running one keeps its start and percentage: those fields
 * are shown but cannot change). Each field says what is wrong before anything is sent; the
 * server's refusal, such as an overlap, shows above the button. Opened for a sale, it takes the
 * focus on its first field; `onDone` closes the edit (saved or canceled).
 */
export function SaleFormSection({ editing, onDone }: { editing: SaleEvent | null; onDone: () => void }) {
  const create = useCreateSale();
  const update = useUpdateSale();
  const [form, setForm] = useState<SaleFormValues>(editing ? saleFormValuesOf(editing) : EMPTY_FORM);
  const [errors, setErrors] = useState<SaleFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const set = (patch: Partial<SaleFormValues>) => setForm((current) => ({ ...current, ...patch }));
  const running = editing?.status === 'running';

  // Once per opened sale: a refetch of the list hands in a new copy of the same sale.
  const editingId = editing?.id;
  useEffect(() => {
    if (!editingId) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [editingId]);

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
      if (editing) {
        const { sale } = await update.mutateAsync(saleUpdateInput(form, editing));
        toast.success(`The sale “${sale.name}” was saved.`);
        onDone();
      } else {
        const { sale } = await create.mutateAsync(saleInput(form));
        toast.success(`The sale “${sale.name}” was scheduled.`);
        setForm(EMPTY_FORM);
      }
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The sale could not be saved. Try again.');
    }
  }

  return (
    <section ref={section} aria-labelledby="sale-form-heading" className="scroll-mt-24 space-y-3">
      <h2 id="sale-form-heading" className="font-semibold text-ink-900 text-lg">
        {editing ? `Edit “${editing.name}”` : 'New sale'}
      </h2>
      <p className="text-ink-500 text-sm">
        {running
          ? 'This sale is running: you can rename it and move its end. Shoppers have bought at its percentage, so to change it, end this sale and schedule another.'
          : 'While it runs, every plan of every product sells at the percentage off, rounded to the cent, unless its seller keeps the product out. Coupons apply on top of the sale price. Two sales cannot overlap.'}
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
          disabled={running}
          error={errors.percentOff}
          onChange={(event) => set({ percentOff: event.target.value })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Starts"
            type="datetime-local"
            hint="Your time zone."
            value={form.startsAt}
            disabled={running}
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
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={editing ? update.isPending : create.isPending}>
            {editing ? 'Save changes' : 'Schedule sale'}
          </Button>
          {editing ? (
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel editing
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
