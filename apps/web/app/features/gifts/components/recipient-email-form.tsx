import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';

/** What the gift forms take for an address before the server checks it (the contracts' e-mail rule). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One recipient address and its button (decision 043): a transfer's first address and a corrected
 * one. The address is checked for shape here, then by `problemWith` (the caller's own rule), and
 * handed on trimmed; the server checks the rest.
 */
export function RecipientEmailForm({
  id,
  label,
  submitLabel,
  isSending = false,
  autoFocus = false,
  problemWith = () => undefined,
  onValid,
}: {
  id?: string;
  label: string;
  submitLabel: string;
  isSending?: boolean;
  autoFocus?: boolean;
  problemWith?: (email: string) => string | undefined;
  onValid: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const problem = EMAIL.test(typed) ? problemWith(typed) : 'Enter the e-mail address of the recipient';
    setFieldError(problem);
    if (!problem) onValid(typed);
  };
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label={label}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
        className="sm:w-80"
        autoFocus={autoFocus}
      />
      <Button type="submit" variant="outline" className="sm:mt-7" isLoading={isSending}>
        {submitLabel}
      </Button>
    </form>
  );
}
