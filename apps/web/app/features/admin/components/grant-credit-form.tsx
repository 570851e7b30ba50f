import type { AdminUser } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { CREDIT_NOTE_MAX, parseCreditAmount } from '@everdeal/contracts/wallet-rules';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { type FormError, toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { useGrantCredit } from '../api/credit-requests';

type Field = 'amount' | 'note';

/**
 * `admin/grantCredit` as a form (decision 030): an amount in dollars (negative to correct) and the
 * note the shopper reads beside it; a confirmation that says what the balance becomes; the
 * server's refusal or the new balance beside the form. The server checks everything again.
 */
export function GrantCreditForm({ user, balanceCents }: { user: AdminUser; balanceCents: number | null }) {
  const grant = useGrantCredit();
  const [confirming, setConfirming] = useState<{ cents: number; note: string } | null>(null);
  const [answer, setAnswer] = useState<{ done: string } | { error: FormError } | null>(null);
  const form = useForm<Field>({
    initialValues: { amount: '', note: '' },
    validate: (name, values) => {
      if (name === 'amount') {
        const parsed = parseCreditAmount(values.amount);
        if ('error' in parsed) return parsed.error;
        if (parsed.cents < 0 && balanceCents !== null && balanceCents + parsed.cents < 0) {
          return `The balance is ${formatMoney(balanceCents)}: a correction cannot take more`;
        }
        return undefined;
      }
      const note = values.note.trim();
      if (note === '') return 'Write what the credit is for; the shopper reads it';
      if (note.length > CREDIT_NOTE_MAX) return `Keep it to ${CREDIT_NOTE_MAX} characters`;
      return undefined;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAnswer(null);
    if (!form.validateAll()) return;
    const parsed = parseCreditAmount(form.getValues().amount);
    if ('cents' in parsed) setConfirming({ cents: parsed.cents, note: form.getValues().note.trim() });
  };

  const confirm = async () => {
    if (!confirming) return;
    try {
      const result = await grant.mutateAsync({ userId: user.id, amountCents: confirming.cents, note: confirming.note });
      const amount = formatMoney(Math.abs(confirming.cents));
      setAnswer({
        done: `${confirming.cents > 0 ? `Granted ${amount}` : `Took ${amount} back`}. The balance is now ${formatMoney(result.balanceCents)}.`,
      });
      form.reset();
    } catch (error) {
      setAnswer({ error: toFormError(error) });
    }
  };

  const cents = confirming?.cents ?? 0;
  const amount = formatMoney(Math.abs(cents));
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="grant-credit-heading"
      className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-900/5 sm:p-5"
    >
      <h4 id="grant-credit-heading" className="font-semibold text-ink-900">
        Grant or correct credit
      </h4>
      <div className="mt-3 grid gap-4">
        <TextField
          label="Amount in US dollars"
          inputMode="decimal"
          autoComplete="off"
          hint="Up to $10,000. A negative amount, such as -5, takes credit back."
          {...form.field('amount')}
        />
        <TextAreaField
          label="Note the shopper sees"
          rows={3}
          maxLength={CREDIT_NOTE_MAX}
          hint={`Also kept in the audit log. ${form.values.note.length}/${CREDIT_NOTE_MAX}`}
          {...form.field('note')}
        />
        {answer && 'error' in answer ? <FormAlert tone={answer.error.tone}>{answer.error.message}</FormAlert> : null}
        <p role="status" className="text-emerald-800 text-sm empty:hidden">
          {answer && 'done' in answer ? answer.done : ''}
        </p>
        <div>
          <Button type="submit" size="sm">
            Review
          </Button>
        </div>
      </div>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={
          cents > 0 ? `Grant ${amount} of credit to ${user.email}?` : `Take ${amount} of credit from ${user.email}?`
        }
        description={
          balanceCents === null
            ? 'The shopper sees the note in their store credit history.'
            : `The balance goes from ${formatMoney(balanceCents)} to ${formatMoney(balanceCents + cents)}. The shopper sees the note in their store credit history.`
        }
        confirmLabel={cents > 0 ? 'Grant credit' : 'Take credit back'}
        confirmVariant={cents > 0 ? 'primary' : 'danger'}
        onConfirm={confirm}
      >
        <blockquote className="break-words rounded-xl bg-canvas px-4 py-3 text-ink-700 text-sm">
          {confirming?.note}
        </blockquote>
      </Modal>
    </form>
  );
}
