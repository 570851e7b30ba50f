import { REFUND_NOTE_MAX, REFUND_REASONS, type RefundReasonCode } from '@everdeal/contracts/constants';
import { useId } from 'react';
import { TextAreaField } from '~/components/ui/text-field';

export type RefundWhy = { reason?: RefundReasonCode; note: string };

/**
 * Why the shopper refunds (requirements §11): one of a short list and their own words, both
 * optional; the seller and the admins read them, the refund is the same without.
 */
export function RefundReasonFields({ value, onChange }: { value: RefundWhy; onChange: (next: RefundWhy) => void }) {
  const name = useId();
  return (
    <div className="mt-4 grid gap-4">
      <fieldset>
        <legend className="mb-2 font-medium text-ink-900 text-sm">
          Why are you refunding? <span className="font-normal text-ink-500">(optional)</span>
        </legend>
        <div className="grid gap-1.5">
          {(Object.entries(REFUND_REASONS) as [RefundReasonCode, string][]).map(([code, label]) => (
            <label key={code} className="flex min-h-9 cursor-pointer items-center gap-2.5 text-ink-800 text-sm">
              <input
                type="radio"
                name={name}
                value={code}
                checked={value.reason === code}
                onChange={() => onChange({ ...value, reason: code })}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label="Anything to add?"
        labelAside={
          <span className="text-ink-500 text-xs tabular-nums" aria-live="polite">
            {value.note.length}/{REFUND_NOTE_MAX}
          </span>
        }
        hint="Optional. The seller reads it."
        rows={3}
        maxLength={REFUND_NOTE_MAX}
        value={value.note}
        onChange={(event) => onChange({ ...value, note: event.target.value })}
      />
    </div>
  );
}
