import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import type { AuditFilters } from '../audit-filters';

const inputClasses = 'h-11 w-full min-w-0 rounded-xl border border-ink-900/15 bg-white px-3 text-sm';

/** `isWide`: a whole row on a phone; the others go two by two, so the form stays short there. */
const FIELDS: {
  key: keyof AuditFilters;
  label: string;
  type: 'search' | 'date';
  max?: number;
  hint?: string;
  isWide?: boolean;
}[] = [
  { key: 'actor', label: 'Actor’s e-mail', type: 'search', max: 200, isWide: true },
  { key: 'action', label: 'Action', type: 'search', max: 60, hint: 'e.g. product or product.publish', isWide: true },
  { key: 'targetKind', label: 'Target kind', type: 'search', max: 40, hint: 'e.g. product' },
  { key: 'targetId', label: 'Target id', type: 'search', max: 80 },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

/**
 * The audit log's filters as one form: applied together on submit (one history entry, so Back
 * returns to the filters before). The fields follow the address when Back changes it.
 */
export function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (next: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  const [error, setError] = useState('');
  if (JSON.stringify(shown) !== JSON.stringify(filters)) {
    setShown(filters);
    setDraft(filters);
    setError('');
  }
  const baseId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('“From” must be on or before “To”.');
      return;
    }
    setError('');
    onApply(draft);
  };
  const hasAny = Object.values(filters).some(Boolean);
  return (
    <form onSubmit={submit} aria-label="Filter the audit log" className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-3">
      {FIELDS.map((field) => {
        const id = `${baseId}-${field.key}`;
        return (
          <div key={field.key} className={field.isWide ? 'col-span-2 min-w-0 sm:col-span-1' : 'min-w-0'}>
            <label htmlFor={id} className="mb-1.5 block font-medium text-ink-900 text-sm">
              {field.label}
            </label>
            <input
              id={id}
              type={field.type}
              value={draft[field.key] ?? ''}
              maxLength={field.max}
              placeholder={field.hint}
              aria-invalid={error && (field.key === 'from' || field.key === 'to') ? true : undefined}
              aria-describedby={error && (field.key === 'from' || field.key === 'to') ? `${baseId}-error` : undefined}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              className={inputClasses}
            />
          </div>
        );
      })}
      {error ? (
        <p id={`${baseId}-error`} role="alert" className="col-span-2 text-red-700 text-sm lg:col-span-3">
          {error}
        </p>
      ) : null}
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        {hasAny ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setError('');
              onApply({});
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
