import type { OrderItem, PlanOption } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { Skeleton } from '~/components/ui/skeleton';
import { type FormError, toFormError } from '~/lib/form-error';
import { useChangePlan, usePlanOptions } from '../api/order-item';
import { costOf, refundWords, renewalWords, vatPartOf } from '../plan-change-words';

function PlanOptionRow({ item, option }: { item: OrderItem; option: PlanOption }) {
  const change = useChangePlan({ orderId: item.orderId, itemId: item.id });
  const [error, setError] = useState<FormError | null>(null);
  // One key per opened dialog: a retry of the same confirmation never pays twice (decision 010).
  const [key, setKey] = useState('');
  // Decision 010: monthly ↔ yearly starts a new period at once, the unused time credited.
  const isIntervalSwitch = item.planKind === 'subscription' && option.billingInterval !== item.billingInterval;
  const verb = option.direction === 'upgrade' ? 'Upgrade' : option.direction === 'downgrade' ? 'Downgrade' : 'Switch';
  return (
    <li className="flex flex-col gap-2 rounded-2xl p-4 ring-1 ring-ink-900/10 ring-inset sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold text-ink-900 text-lg tracking-tight">
          {option.name}{' '}
          <span className="font-normal text-ink-500">
            · {formatPlanPrice(option.price, option.currency, option.billingInterval)}
          </span>
        </p>
        {option.features.length > 0 ? (
          <p className="text-ink-500 text-sm">{option.features.slice(0, 3).join(' · ')}</p>
        ) : null}
        <p className="text-ink-700 text-sm">{option.available ? costOf(option) : option.unavailableReason}</p>
      </div>
      {option.available ? (
        <Modal
          trigger={
            <Button variant="outline" size="sm">
              {verb} to {option.name}
            </Button>
          }
          title={`${verb} to ${option.name}?`}
          confirmLabel={costOf(option)}
          onOpenChange={(open) => {
            if (open) {
              setError(null);
              setKey(`plan-${crypto.randomUUID()}`);
            }
          }}
          onConfirm={() =>
            change.mutateAsync({ variantId: option.variantId, idempotencyKey: key }).catch((failure: unknown) => {
              setError(toFormError(failure));
              throw failure;
            })
          }
        >
          <p>
            {option.chargeCents > 0
              ? `Your saved card is charged ${formatMoney(option.chargeCents + option.taxCents, option.currency)}, the difference for ${item.quantity === 1 ? 'this code' : `these ${item.quantity} codes`}${vatPartOf(option)}.`
              : option.refundCents > 0
                ? refundWords(option)
                : 'Nothing is charged or refunded.'}{' '}
            Your current license codes are revoked and new {option.name} codes replace them right away; redeem the new
            ones on the seller’s site. Your refund deadline stays the same.
          </p>
          {isIntervalSwitch ? (
            <p className="mt-3">
              A new {option.billingInterval === 'year' ? 'yearly' : 'monthly'} period starts today and renews at{' '}
              {renewalWords(option, item.quantity)}; the unused part of your current period is taken off the amount
              above.
            </p>
          ) : null}
          {error ? (
            <FormAlert tone={error.tone} className="mt-4">
              {error.message}
            </FormAlert>
          ) : null}
        </Modal>
      ) : null}
    </li>
  );
}

/** The other plans of the item's product with what changing to each costs (requirements §11). */
export function PlanChangePanel({ item }: { item: OrderItem }) {
  const options = usePlanOptions({ orderId: item.orderId, itemId: item.id }, item.status === 'active');
  if (item.status !== 'active') return null;
  return (
    <section
      aria-labelledby="plans-heading"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7"
    >
      <h2 id="plans-heading" className="font-semibold text-ink-900">
        Change plan
      </h2>
      {options.isPending ? (
        <Skeleton className="mt-3 h-20 w-full" />
      ) : options.isError ? (
        <FormAlert className="mt-3">{toFormError(options.error).message}</FormAlert>
      ) : options.data.options.length === 0 ? (
        <p className="mt-2 text-ink-700 text-sm">This deal has no other plan.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {options.data.options.map((option) => (
            <PlanOptionRow key={option.variantId} item={item} option={option} />
          ))}
        </ul>
      )}
    </section>
  );
}
