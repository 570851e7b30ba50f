import { MAX_CODES_PER_PLAN } from '@everdeal/contracts/constants';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { useEffect, useId, useState } from 'react';
import { quantityLimitNote, readTypedQuantity, TYPED_QUANTITY_REFUSAL } from '../cart-lines';

export interface QuantityStepperProps {
  /** What the line holds now (the optimistic value while a change is on its way). */
  quantity: number;
  /** The most the line may hold: the codes left in the plan, at most 9 (requirements §9). */
  max: number;
  /** The product and plan, for the controls' accessible names ("Hookline Tier 1"). */
  label: string;
  onChange: (quantity: number) => void;
}

const stepClasses =
  'grid size-10 place-items-center text-ink-700 transition-colors hover:bg-ink-900/5 hover:text-ink-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * − / input / + for one cart line, 1..max. Each press changes the line at once; a typed value is
 * sent on Enter or blur, and 0 removes the line (requirements §4). A value above what is left is
 * brought down to it, and the note under the stepper says why (requirements §2, cart page).
 */
export function QuantityStepper({ quantity, max, label, onChange }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(quantity));
  const [wasCapped, setWasCapped] = useState(false);
  // Why the last typed value was refused; cleared as soon as the shopper types or steps again.
  const [refusal, setRefusal] = useState<keyof typeof TYPED_QUANTITY_REFUSAL | null>(null);
  const noteId = useId();
  useEffect(() => setDraft(String(quantity)), [quantity]);

  const commit = () => {
    const typed = readTypedQuantity(draft);
    if (typed === 'negative' || typed === 'fraction') {
      setRefusal(typed);
      setWasCapped(false);
      setDraft(String(quantity));
      return;
    }
    if (typed === null) {
      setDraft(String(quantity));
      return;
    }
    const next = Math.min(typed, max);
    setWasCapped(typed > max);
    if (next === quantity) {
      setDraft(String(quantity));
      return;
    }
    setDraft(String(next));
    onChange(next);
  };
  const atLimit = quantity >= max;
  // Said when the shopper typed what is refused, reaches the limit, tried to pass it, or holds
  // more than is left.
  const note = refusal
    ? TYPED_QUANTITY_REFUSAL[refusal]
    : wasCapped || atLimit || quantity > max
      ? quantityLimitNote(max, quantity)
      : null;

  return (
    <div className="flex flex-col items-end gap-1">
      <fieldset
        aria-label={`Quantity of ${label}`}
        className="m-0 inline-flex h-10 min-w-0 items-center overflow-hidden rounded-full border border-ink-900/12 bg-white p-0"
      >
        <button
          type="button"
          aria-label={`Decrease quantity of ${label}`}
          disabled={quantity <= 1}
          onClick={() => {
            setWasCapped(false);
            setRefusal(null);
            onChange(Math.min(quantity - 1, max));
          }}
          className={stepClasses}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={Math.min(max, MAX_CODES_PER_PLAN)}
          aria-label={`Quantity of ${label}`}
          aria-describedby={note ? noteId : undefined}
          aria-invalid={refusal ? true : undefined}
          value={draft}
          onChange={(event) => {
            setRefusal(null);
            setDraft(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className="h-full w-10 border-ink-900/10 border-x bg-transparent text-center font-semibold text-ink-900 text-sm tabular-nums [appearance:textfield] focus:outline-none focus-visible:bg-brand-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label={`Increase quantity of ${label}`}
          aria-describedby={note ? noteId : undefined}
          disabled={atLimit}
          onClick={() => {
            setRefusal(null);
            onChange(quantity + 1);
          }}
          className={stepClasses}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </fieldset>
      {/* A live region from the start, so the note is read when it appears. */}
      <p id={noteId} aria-live="polite" className="max-w-56 text-right text-[#8a4a00] text-xs">
        {note}
      </p>
    </div>
  );
}
