import { useId } from 'react';
import { formatDateTime } from '~/lib/format-date';

// The rotation dialog's choice (decision 046), a chunk of its own: the webhooks page's first load
// stays within its budget (docs/benchmarks.md, "First-load JavaScript"), and the dialog asks for
// it when the pointer or focus reaches "Rotate secret".

/** Hours the replaced secret may keep signing beside the new one (decision 046). */
const KEEP_PREVIOUS_HOURS = 24;

/**
 * What becomes of the current secret on a rotation: it stops at once (the default, and the only
 * safe choice after a leak), or signs beside the new one for a day while the receiver moves over.
 */
export function RotationChoice({
  keepHours,
  onChange,
  keptUntil,
}: {
  keepHours: number;
  onChange: (hours: number) => void;
  /** Until when a secret an earlier rotation kept still signs; it stops now either way. */
  keptUntil: string | null;
}) {
  const name = useId();
  const choices: [hours: number, label: string, detail: string][] = [
    [
      0,
      'Stop the current secret now',
      'For a secret that leaked: deliveries from now on carry only the new signature, so update your receiver straight away.',
    ],
    [
      KEEP_PREVIOUS_HOURS,
      `Keep it signing for ${KEEP_PREVIOUS_HOURS} hours`,
      'Each delivery carries both signatures until then. If your receiver accepts any v1 signature, as the developer docs’ samples do, it can move to the new secret without a failed delivery.',
    ],
  ];
  return (
    <fieldset>
      <legend className="font-medium text-ink-900">The current secret</legend>
      <div className="mt-2 grid gap-3">
        {choices.map(([hours, label, detail]) => (
          <label key={hours} className="flex gap-2.5">
            <input
              type="radio"
              name={name}
              className="mt-1"
              checked={keepHours === hours}
              onChange={() => onChange(hours)}
            />
            <span>
              <span className="block font-medium text-ink-900">{label}</span>
              <span className="block text-ink-600">{detail}</span>
            </span>
          </label>
        ))}
      </div>
      {keptUntil ? (
        <p className="mt-3 text-ink-600">
          The secret your last rotation kept (signing until {formatDateTime(keptUntil)}) stops now either way.
        </p>
      ) : null}
    </fieldset>
  );
}
