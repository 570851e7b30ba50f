import type { OrderItem } from '@everdeal/contracts';
import Send from 'lucide-react/icons/send';
import { useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { type FormError, toFormError } from '~/lib/form-error';
import { formatDate } from '~/lib/format-date';
import { useCancelTransfer, useResendGift } from '../api/gifts';
import { RecipientEmailForm } from './recipient-email-form';

type OfferedItem = OrderItem & { transfer: NonNullable<OrderItem['transfer']> };

/**
 * The buyer's item on offer (decision 043): whom it waits for, since when, and what they may do:
 * mail the link again, to the same address or a corrected one (the link mailed before stops
 * working), and take a transfer back.
 */
export function OfferState({ item }: { item: OfferedItem }) {
  const ref = { orderId: item.orderId, itemId: item.id };
  const resend = useResendGift(ref);
  const cancel = useCancelTransfer(ref);
  const [error, setError] = useState<FormError | null>(null);
  const [notice, setNotice] = useState('');
  const [isChangingAddress, setIsChangingAddress] = useState(false);
  const addressFormId = useId();
  const addressToggle = useRef<HTMLButtonElement>(null);
  const { transfer } = item;
  const isGift = transfer.kind === 'gift';
  /** Runs a call; says what it did, or why not. Resolves whether it worked. */
  const run = (action: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice('');
    return action().then(
      () => {
        setNotice(done);
        return true;
      },
      (failure: unknown) => {
        setError(toFormError(failure));
        return false;
      },
    );
  };
  // Which resend is under way: the same address's (no variables) or a corrected one's.
  const isResendingSame = resend.isPending && resend.variables === undefined;

  if (transfer.status === 'claimed') {
    return (
      <p className="rounded-xl bg-emerald-50 p-4 text-emerald-900 text-sm">
        <strong className="break-all">{transfer.toEmail}</strong> claimed this {isGift ? 'gift' : 'license'} on{' '}
        {formatDate(transfer.claimedAt ?? transfer.sentAt)}. The license codes are theirs now, and it can no longer be
        refunded.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="rounded-xl bg-amber-50 p-4 text-amber-900 text-sm">
        Waiting for <strong className="break-all">{transfer.toEmail}</strong> to claim it. The link was mailed on{' '}
        {formatDate(transfer.sentAt)} and works for 30 days.{' '}
        {isGift
          ? 'Until it is claimed you can refund it below.'
          : 'Until it is claimed you can cancel the transfer, and the codes are yours again.'}
      </p>
      {transfer.message ? (
        <blockquote className="whitespace-pre-wrap break-words border-brand-200 border-l-4 pl-3 text-ink-700 text-sm">
          {transfer.message}
        </blockquote>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          isLoading={isResendingSame}
          onClick={() => void run(() => resend.mutateAsync(undefined), `A new link was mailed to ${transfer.toEmail}.`)}
        >
          <Send aria-hidden="true" className="size-4" />
          Send the link again
        </Button>
        <Button
          ref={addressToggle}
          variant="outline"
          aria-expanded={isChangingAddress}
          aria-controls={addressFormId}
          onClick={() => setIsChangingAddress(!isChangingAddress)}
        >
          Send it to another address
        </Button>
        {isGift ? null : (
          <Button
            variant="outline"
            isLoading={cancel.isPending}
            onClick={() =>
              void run(() => cancel.mutateAsync(), 'The transfer was canceled: the codes are yours again.')
            }
          >
            Cancel the transfer
          </Button>
        )}
      </div>
      {isChangingAddress ? (
        <RecipientEmailForm
          id={addressFormId}
          label="Recipient’s correct e-mail"
          submitLabel="Send the link there"
          autoFocus
          isSending={resend.isPending && !isResendingSame}
          problemWith={(email) =>
            email.toLowerCase() === transfer.toEmail.toLowerCase()
              ? 'That is the address the link went to: use Send the link again'
              : undefined
          }
          onValid={async (email) => {
            const sent = await run(
              () => resend.mutateAsync(email),
              `A new link was mailed to ${email}. The link mailed to ${transfer.toEmail} no longer works.`,
            );
            // What was typed stays after a refusal; after a send, focus goes back where it came from.
            if (!sent) return;
            setIsChangingAddress(false);
            addressToggle.current?.focus();
          }}
        />
      ) : null}
      <p role="status" className="min-h-5 text-emerald-800 text-sm">
        {notice}
      </p>
      {error ? <FormAlert tone={error.tone}>{error.message}</FormAlert> : null}
    </div>
  );
}
