import { TICKET_MESSAGE_MAX } from '@everdeal/contracts/content-messages';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField } from '~/components/ui/text-field';
import type { FormError } from '~/lib/form-error';
import { formatCount } from '~/lib/format-count';

/**
 * A reply under a ticket's thread (decision 009): the customer's on their ticket page and the
 * staff's in the admin inbox write the same way, with the same length counter, error and
 * status line; only the label and what the counter adds differ.
 */
export function TicketReplyForm({
  label,
  rows,
  note,
  field,
  length,
  failure,
  announcement,
  isSending,
  hasErrors,
  onSubmit,
}: {
  label: string;
  rows: number;
  /** Said after the character count, e.g. who is mailed the reply. */
  note?: ReactNode;
  field: Omit<ComponentProps<typeof TextAreaField>, 'label' | 'rows' | 'hint'>;
  length: number;
  failure: FormError | null;
  announcement: string;
  isSending: boolean;
  hasErrors: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Reply"
      className="mt-8 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-6"
    >
      <TextAreaField
        label={label}
        rows={rows}
        hint={
          <span className={length > TICKET_MESSAGE_MAX ? 'font-medium text-red-600' : undefined}>
            {formatCount(length)} of {formatCount(TICKET_MESSAGE_MAX)} characters{note ? <>. {note}</> : null}
          </span>
        }
        {...field}
      />
      {failure ? (
        <FormAlert tone={failure.tone} className="mt-4">
          {failure.message}
        </FormAlert>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-emerald-700 text-sm">
          {announcement}
        </p>
        <Button type="submit" isLoading={isSending} disabled={hasErrors} className="shrink-0">
          Send reply
        </Button>
      </div>
    </form>
  );
}
