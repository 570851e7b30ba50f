import { clsx } from 'clsx';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId } from 'react';

export type OrderChoice = { id: string; label: string };

export interface OrderPickerProps {
  /** The shopper's own orders, newest first; undefined while they load. */
  choices: OrderChoice[] | undefined;
  value: string;
  onChange: (orderId: string) => void;
  error?: string;
}

/**
 * The ticket's optional order: one of the shopper's own orders (the server refuses any other,
 * requirements §6), picked from a list rather than typed.
 */
export function OrderPicker({ choices, value, onChange, error }: OrderPickerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // A link from an order page may name an order before the list has loaded: keep it selectable.
  const options =
    choices && !choices.some((choice) => choice.id === value) && value
      ? [{ id: value, label: `Order ${value.slice(0, 8).toUpperCase()}` }, ...choices]
      : (choices ?? []);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-ink-900 text-sm">
        Order <span className="font-normal text-ink-500">(optional)</span>
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={choices === undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={clsx(error && errorId, hintId)}
          className={clsx(
            'block h-12 w-full appearance-none rounded-xl border bg-white pr-10 pl-3.5 text-[0.9375rem] text-ink-900 shadow-xs',
            'focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-canvas disabled:text-ink-500',
            error
              ? 'border-red-500 focus-visible:outline-red-500'
              : 'border-ink-900/15 hover:border-ink-900/30 focus-visible:border-brand-500 focus-visible:outline-brand-500',
          )}
        >
          <option value="">{choices === undefined ? 'Loading your orders…' : 'Not about an order'}</option>
          {options.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3.5 my-auto size-4 text-ink-500"
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 font-medium text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1.5 text-ink-500 text-xs">
        {choices && choices.length === 0
          ? 'You have no orders yet.'
          : 'If this is about a purchase, choose its order: we see its items and codes.'}
      </p>
    </div>
  );
}
