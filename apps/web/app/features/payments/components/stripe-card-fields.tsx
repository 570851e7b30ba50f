import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { FormAlert } from '~/components/ui/form-alert';
import { Skeleton } from '~/components/ui/skeleton';
import { toFormError } from '~/lib/form-error';
import { useRootData } from '~/lib/root-data';
import { useAddPaymentMethod } from '../api/payment-methods';
import { loadStripe, type Stripe, type StripeCardElement, type StripeSetup, saveStripeCard } from '../stripe-js';
import type { CardEntryProps } from './card-entry-handle';

export const STRIPE_UNAVAILABLE = 'The card form could not be loaded. Check your connection and reload the page.';

/**
 * With PAYMENT_PROVIDER=stripe the card is typed into Stripe's own field (an iframe from
 * js.stripe.com): the number never reaches this page or the store. Saving makes a PaymentMethod
 * with Stripe.js and hands its id to `payments/addPaymentMethod` (requirements §15).
 */
export default function StripeCardFields({
  handleRef,
  publishableKey,
  scriptUrl,
  disabled = false,
}: CardEntryProps & StripeSetup) {
  const nonce = useRootData()?.cspNonce;
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ message: string; tone: 'error' | 'warning' } | null>(null);
  const add = useAddPaymentMethod();
  const errorId = useId();

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let isCurrent = true;
    loadStripe({ publishableKey, scriptUrl }, nonce).then(
      (stripe) => {
        if (!isCurrent || !mountRef.current) return;
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on('change', (event) => setFieldError(event.error?.message ?? null));
        stripeRef.current = { stripe, card };
        setState('ready');
      },
      () => isCurrent && setState('failed'),
    );
    return () => {
      isCurrent = false;
      card?.destroy();
      stripeRef.current = null;
    };
  }, [publishableKey, scriptUrl, nonce]);

  useImperativeHandle(handleRef, () => ({
    save: async () => {
      setFormError(null);
      const loaded = stripeRef.current;
      if (!loaded) {
        setFormError({ message: STRIPE_UNAVAILABLE, tone: 'error' });
        return null;
      }
      try {
        const result = await saveStripeCard(loaded.stripe, loaded.card, (input) => add.mutateAsync(input));
        if ('saved' in result) return result.saved;
        setFieldError(result.fieldError);
        loaded.card.focus();
        return null;
      } catch (cause) {
        setFormError(toFormError(cause));
        return null;
      }
    },
  }));

  return (
    <div className="space-y-4">
      <fieldset disabled={disabled} aria-describedby={fieldError ? errorId : undefined}>
        <legend className="mb-1.5 font-medium text-ink-900 text-sm">Card details</legend>
        {state === 'failed' ? (
          <FormAlert>{STRIPE_UNAVAILABLE}</FormAlert>
        ) : (
          <div className="relative min-h-12 rounded-xl border border-ink-900/15 bg-white px-3.5 py-3.5 shadow-xs">
            {state === 'loading' ? <Skeleton className="absolute inset-3 rounded-md" /> : null}
            <div ref={mountRef} />
          </div>
        )}
        {fieldError ? (
          <p id={errorId} className="mt-1.5 font-medium text-red-600 text-sm">
            {fieldError}
          </p>
        ) : null}
      </fieldset>
      {formError ? <FormAlert tone={formError.tone}>{formError.message}</FormAlert> : null}
    </div>
  );
}
