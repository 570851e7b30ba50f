import type { OrderItem } from '@everdeal/contracts';
import Gift from 'lucide-react/icons/gift';
import { useState } from 'react';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { type FormError, toFormError } from '~/lib/form-error';
import { useTransferItem } from '../api/gifts';
import { OfferState } from './offer-state';
import { RecipientEmailForm } from './recipient-email-form';

const cardClass = 'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7';

/** Whether the buyer may offer the item now: active, lifetime, never moved, no code redeemed. */
export function canTransfer(item: OrderItem): boolean {
  return (
    item.status === 'active' &&
    item.planKind !== 'subscription' &&
    !item.transfer &&
    !item.receivedFrom &&
    item.codes.every((code) => code.status === 'active')
  );
}

/** "Transfer this license": an address, a confirmation that says what moves, then the pending state. */
function TransferForm({ item }: { item: OrderItem }) {
  const transfer = useTransferItem({ orderId: item.orderId, itemId: item.id });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <p className="text-ink-700 text-sm">
        Pass this license on to someone else: they get a link by e-mail and the codes become theirs when they claim it.
        An item moves only once, and once it is claimed you can no longer refund it.
      </p>
      <div className="mt-4">
        <RecipientEmailForm
          label="Recipient’s e-mail"
          submitLabel="Transfer this license"
          onValid={(typed) => {
            setEmail(typed);
            setError(null);
            setIsConfirming(true);
          }}
        />
      </div>
      <Modal
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Transfer ${item.productName}?`}
        confirmLabel="Send the claim link"
        onConfirm={() =>
          transfer.mutateAsync(email).catch((failure: unknown) => {
            setError(toFormError(failure));
            throw failure;
          })
        }
      >
        <p>
          We mail <strong className="break-all">{email}</strong> a link to claim {item.productName} ({item.planName}).
          Until they claim it the codes are hidden here and you can cancel; once they claim it, the license and its
          codes are theirs and the refund right ends.
        </p>
        {error ? (
          <FormAlert tone={error.tone} className="mt-4">
            {error.message}
          </FormAlert>
        ) : null}
      </Modal>
    </>
  );
}

/**
 * The order item page's gift and transfer panel (decision 043), for the buyer: a gift's or a
 * transfer's state (pending with resend and cancel, or claimed), or the transfer form; nothing
 * for an item that cannot move.
 */
export function ItemTransferPanel({ item }: { item: OrderItem }) {
  if (item.receivedFrom) return null;
  const { transfer } = item;
  if (!transfer && !canTransfer(item)) return null;
  const title = transfer ? (transfer.kind === 'gift' ? 'Gift' : 'License transfer') : 'Transfer this license';
  return (
    <section aria-labelledby="transfer-heading" className={cardClass}>
      <h2 id="transfer-heading" className="flex items-center gap-2 font-semibold text-ink-900 text-lg tracking-tight">
        <Gift aria-hidden="true" className="size-5 text-brand-600" />
        {title}
      </h2>
      <div className="mt-3">
        {transfer ? <OfferState item={{ ...item, transfer }} /> : <TransferForm item={item} />}
      </div>
    </section>
  );
}
