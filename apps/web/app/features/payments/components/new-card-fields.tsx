import { lazy, Suspense } from 'react';
import { FormAlert } from '~/components/ui/form-alert';
import { Skeleton } from '~/components/ui/skeleton';
import { usePaymentConfig } from '../api/payment-methods';
import type { CardEntryProps } from './card-entry-handle';
import { SandboxCardFields } from './sandbox-card-fields';

// Stripe's fields only load where Stripe collects cards (requirements §16 PAYMENT_PROVIDER).
const StripeCardFields = lazy(() => import('./stripe-card-fields'));

function CardFieldsSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      <Skeleton className="h-[4.5rem] rounded-xl" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-[4.5rem] rounded-xl" />
        <Skeleton className="h-[4.5rem] rounded-xl" />
      </div>
    </div>
  );
}

/** A new card's fields, from whichever provider collects cards (`payments/getPaymentConfig`). */
export function NewCardFields(props: CardEntryProps) {
  const config = usePaymentConfig();
  if (config.isError) {
    return <FormAlert>The card form could not be loaded. Check your connection and reload the page.</FormAlert>;
  }
  if (!config.data) return <CardFieldsSkeleton />;
  const { provider, publishableKey, stripeJsUrl } = config.data;
  if (provider === 'stripe' && publishableKey && stripeJsUrl) {
    return (
      <Suspense fallback={<CardFieldsSkeleton />}>
        <StripeCardFields {...props} publishableKey={publishableKey} scriptUrl={stripeJsUrl} />
      </Suspense>
    );
  }
  return <SandboxCardFields {...props} />;
}
