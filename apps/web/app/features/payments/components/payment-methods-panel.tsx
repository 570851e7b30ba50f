import CreditCard from 'lucide-react/icons/credit-card';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast';
import { usePaymentConfig, usePaymentMethods } from '../api/payment-methods';
import { cardName } from '../card-entry';
import type { CardEntryHandle } from './card-entry-handle';
import { NewCardFields } from './new-card-fields';
import { SandboxCardsHint } from './sandbox-cards-hint';
import { SavedCardRow } from './saved-card-row';

const sectionClass = 'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7';

/** Requirements §2 "/payment-methods": the saved cards (make default, remove) and a form to add one. */
export function PaymentMethodsPanel() {
  const methods = usePaymentMethods();
  return (
    <div className="space-y-6">
      <section aria-labelledby="saved-cards-title" className={sectionClass}>
        <h2 id="saved-cards-title" className="font-semibold text-ink-900 text-lg tracking-tight">
          Saved cards
        </h2>
        <p className="mt-1 text-ink-500 text-sm">
          The default card is chosen first at checkout. We keep only the brand, the last four digits and the expiry.
        </p>
        <div className="mt-5">
          {methods.data ? (
            methods.data.length === 0 ? (
              <EmptyState
                icon={CreditCard}
                title="No saved cards yet"
                description="Add a card below, or enter one at checkout: it is saved for next time."
              />
            ) : (
              <ul className="space-y-3" aria-label="Saved cards">
                {methods.data.map((method) => (
                  <li key={method.id}>
                    <SavedCardRow method={method} />
                  </li>
                ))}
              </ul>
            )
          ) : methods.isError ? (
            <p className="rounded-xl bg-canvas p-4 text-ink-700 text-sm">
              Your cards could not be loaded.{' '}
              <button
                type="button"
                onClick={() => methods.refetch()}
                className="font-semibold text-brand-700 underline"
              >
                Try again
              </button>
            </p>
          ) : (
            <LoadingRegion label="Loading your cards…" className="space-y-3">
              <Skeleton className="h-[4.75rem] rounded-2xl" />
              <Skeleton className="h-[4.75rem] rounded-2xl" />
            </LoadingRegion>
          )}
        </div>
      </section>
      <AddCardSection />
    </div>
  );
}

function AddCardSection() {
  const entry = useRef<CardEntryHandle>(null);
  const [isSaving, setIsSaving] = useState(false);
  // A fresh, empty form after each saved card.
  const [formKey, setFormKey] = useState(0);
  const config = usePaymentConfig();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving || !entry.current) return;
    setIsSaving(true);
    try {
      const saved = await entry.current.save();
      if (saved) {
        toast.success(`${cardName(saved)} saved${saved.isDefault ? ' as your default card' : ''}.`);
        setFormKey((key) => key + 1);
      }
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <section aria-labelledby="add-card-title" className={sectionClass}>
      <h2 id="add-card-title" className="font-semibold text-ink-900 text-lg tracking-tight">
        Add a card
      </h2>
      {config.data?.provider === 'sandbox' ? <SandboxCardsHint className="mt-1" /> : null}
      <form noValidate onSubmit={submit} aria-labelledby="add-card-title" className="mt-5 max-w-md space-y-5">
        <NewCardFields key={formKey} handleRef={entry} disabled={isSaving} />
        <Button type="submit" isLoading={isSaving}>
          Save card
        </Button>
      </form>
    </section>
  );
}
