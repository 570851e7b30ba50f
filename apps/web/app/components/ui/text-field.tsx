import { clsx } from 'clsx';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Shown under the field and linked with aria-describedby; sets aria-invalid. */
  error?: string;
  /** Help text under the field, also linked with aria-describedby. */
  hint?: ReactNode;
  /** Overrides the generated id (e.g. to point a label elsewhere at it). */
  id?: string;
  /** Adds a show/hide toggle for password fields. */
  revealable?: boolean;
  labelAside?: ReactNode;
}

const controlClasses =
  'block w-full rounded-xl border bg-white px-3.5 text-[0.9375rem] text-ink-900 shadow-xs transition-colors ' +
  'placeholder:text-ink-300 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'read-only:bg-canvas read-only:text-ink-500 disabled:bg-canvas disabled:text-ink-500';
const inputClasses = `${controlClasses} h-12`;

function stateClasses(error: string | undefined): string {
  return error
    ? 'border-red-500 focus-visible:outline-red-500'
    : 'border-ink-900/15 hover:border-ink-900/30 focus-visible:border-brand-500 focus-visible:outline-brand-500';
}

/** A labelled input with optional hint and error, wired for screen readers (requirements §5 forms). */
export function TextField({
  label,
  error,
  hint,
  id,
  revealable = false,
  labelAside,
  type = 'text',
  className,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [isRevealed, setIsRevealed] = useState(false);
  const describedBy = clsx(error && errorId, hint && hintId) || undefined;

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="font-medium text-ink-900 text-sm">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={inputId}
          type={revealable && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(inputClasses, revealable && 'pr-12', stateClasses(error))}
          {...props}
        />
        {revealable ? (
          <button
            type="button"
            aria-label={isRevealed ? 'Hide password' : 'Show password'}
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((value) => !value)}
            className="absolute inset-y-0 right-1 my-auto grid size-10 place-items-center rounded-lg text-ink-500 hover:text-ink-900"
          >
            {isRevealed ? (
              <EyeOff aria-hidden="true" className="size-[1.125rem]" />
            ) : (
              <Eye aria-hidden="true" className="size-[1.125rem]" />
            )}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 font-medium text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-ink-500 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: ReactNode;
  /** Shown under the field and linked with aria-describedby; sets aria-invalid. */
  error?: string;
  /** Help text under the field (a character count, say), also linked with aria-describedby. */
  hint?: ReactNode;
  id?: string;
  labelAside?: ReactNode;
}

/** TextField's multi-line sibling: the same label, hint and error wiring around a textarea. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  labelAside,
  className,
  rows = 6,
  ...props
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = clsx(error && errorId, hint && hintId) || undefined;

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="font-medium text-ink-900 text-sm">
          {label}
        </label>
        {labelAside}
      </div>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(controlClasses, 'min-h-28 resize-y py-3 leading-relaxed', stateClasses(error))}
        {...props}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 font-medium text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-ink-500 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
