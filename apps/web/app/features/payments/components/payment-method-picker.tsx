import { clsx } from 'clsx';
import CreditCard from 'lucide-react/icons/credit-card';
import Plus from 'lucide-react/icons/plus';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { usePaymentConfig, usePaymentMethods, useRefreshPaymentMethods } from '../api/payment-methods';
import { chosenCardOption, NEW_CARD } from '../card-choice';
import { cardName, formatExpiry } from '../card-entry';
import type { CardEntryHandle, CardEntryProps } from './card-entry-handle';
import { NewCardFields } from './new-card-fields';
import { SandboxCardsHint } from './sandbox-cards-hint';

/** The card picker's handle: the chosen card (`save`), and whether it is still saved after a refusal. */
export interface PaymentMethodPickerHandle extends CardEntryHandle {
  /**
   * Reads the saved cards again: false when the card `save` last answered is no longer among
   * them (the picker then opens a new card's fields), true otherwise or when they cannot be read.
   */
  recheckChosenCard: () => Promise<boolean>;
}

const optionClass = (isChecked: boolean) =>
  clsx(
    'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-3 transition-colors',
    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 has-[:focus-visible]:outline-offset-2',
    isChecked ? 'border-brand-500 bg-brand-50/60' : 'border-ink-900/10 bg-white hover:border-ink-900/25',
  );

/**
 * The checkout's card choice: a saved card (the default preselected) or a new one, which is
 * saved when the shopper pays (and then offered next time). `save` answers the chosen card;
 * after a refusal, `recheckChosenCard` finds out whether the server still keeps it.
 */
export function PaymentMethodPicker({
  handleRef,
  disabled = false,
}: Omit<CardEntryProps, 'handleRef'> & { handleRef: Ref<PaymentMethodPickerHandle> }) {
  const methods = usePaymentMethods();
  const config = usePaymentConfig();
  const refreshPaymentMethods = useRefreshPaymentMethods();
  const newCard = useRef<CardEntryHandle>(null);
  const [choice, setChoice] = useState<string | null>(null);
  // The card the last payment named, for `recheckChosenCard` (which runs before a re-render).
  const paidWith = useRef<string | null>(null);
  const list = methods.data ?? [];
  const selected = chosenCardOption(choice, list);

  useImperativeHandle(handleRef, () => ({
    save: async () => {
      const saved = list.find((method) => method.id === selected);
      // Paying again after an unknown outcome must name the same card, not save another one: the
      // card paid with stays chosen, also when it was the default preselected.
      const chosen = saved ?? (await newCard.current?.save()) ?? null;
      if (chosen) {
        setChoice(chosen.id);
        paidWith.current = chosen.id;
      }
      return chosen;
    },
    recheckChosenCard: async () => {
      const cardId = paidWith.current;
      const fresh = await refreshPaymentMethods();
      if (!cardId || !fresh || fresh.some((method) => method.id === cardId)) return true;
      paidWith.current = null;
      setChoice(NEW_CARD);
      return false;
    },
  }));

  if (!methods.data) {
    return methods.isError ? (
      <p className="rounded-xl bg-canvas p-4 text-ink-700 text-sm">
        Your saved cards could not be loaded.{' '}
        <button type="button" onClick={() => methods.refetch()} className="font-semibold text-brand-700 underline">
          Try again
        </button>
      </p>
    ) : (
      <LoadingRegion label="Loading your cards…" className="space-y-3">
        <Skeleton className="h-14 rounded-2xl" />
        <Skeleton className="h-14 rounded-2xl" />
      </LoadingRegion>
    );
  }

  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="sr-only">Pay with</legend>
      {list.map((method) => (
        <label key={method.id} className={optionClass(selected === method.id)}>
          <input
            type="radio"
            name="payment-method"
            value={method.id}
            checked={selected === method.id}
            onChange={() => setChoice(method.id)}
            className="size-4 accent-brand-600"
          />
          <CreditCard aria-hidden="true" className="size-5 text-ink-500" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-ink-900">{cardName(method)}</span>
            <span className="block text-ink-500 text-sm">
              Expires {formatExpiry(method)}
              {method.isDefault ? ' · default' : ''}
            </span>
          </span>
        </label>
      ))}
      <label className={optionClass(selected === NEW_CARD)}>
        <input
          type="radio"
          name="payment-method"
          value={NEW_CARD}
          checked={selected === NEW_CARD}
          onChange={() => setChoice(NEW_CARD)}
          className="size-4 accent-brand-600"
        />
        <Plus aria-hidden="true" className="size-5 text-ink-500" />
        <span className="font-medium text-ink-900">{list.length === 0 ? 'Pay with a card' : 'Use a new card'}</span>
      </label>
      {selected === NEW_CARD ? (
        <div className="rounded-2xl bg-canvas p-4 sm:p-5">
          {config.data?.provider === 'sandbox' ? <SandboxCardsHint className="mb-4" /> : null}
          <NewCardFields handleRef={newCard} disabled={disabled} />
          <p className="mt-3 text-ink-500 text-xs">
            The card is saved to your account for next time; remove it any time.
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
