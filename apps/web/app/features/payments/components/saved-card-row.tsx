import type { PaymentMethod } from '@everdeal/contracts';
import CreditCard from 'lucide-react/icons/credit-card';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useRemovePaymentMethod, useSetDefaultPaymentMethod } from '../api/payment-methods';
import { cardName, formatExpiry } from '../card-entry';

/** One saved card with what its owner can do to it: make it the default, remove it (after asking). */
export function SavedCardRow({ method }: { method: PaymentMethod }) {
  const remove = useRemovePaymentMethod();
  const makeDefault = useSetDefaultPaymentMethod();
  const [isConfirming, setIsConfirming] = useState(false);
  const name = cardName(method);
  return (
    <article
      aria-label={name}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-ink-900/10 bg-white p-4"
    >
      <span
        aria-hidden="true"
        className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600"
      >
        <CreditCard className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
          {name}
          {method.isDefault ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 text-xs">Default</span>
          ) : null}
        </p>
        <p className="text-ink-500 text-sm">Expires {formatExpiry(method)}</p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        {method.isDefault ? null : (
          <Button
            variant="outline"
            size="sm"
            isLoading={makeDefault.isPending}
            onClick={() => makeDefault.mutate(method.id)}
            aria-label={`Make ${name} the default`}
          >
            Make default
          </Button>
        )}
        <Modal
          open={isConfirming}
          onOpenChange={setIsConfirming}
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Remove ${name}`}>
              Remove
            </Button>
          }
          title="Remove this card?"
          description={`${name} will no longer be offered at checkout. Orders already paid with it are not affected.`}
          confirmLabel="Remove card"
          onConfirm={() => remove.mutateAsync(method.id)}
        />
      </div>
    </article>
  );
}
