import type { NextRenewal, OrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { Button } from '~/components/ui/button';
import { formatDate } from '~/lib/format-date';
import { usePlanOptions, useSetSubscriptionCanceled } from '../api/order-item';

/** " for $17.85 a month (VAT included)": the next renewal's charge, as the server would make it today. */
function renewalCharge(renewal: NextRenewal, item: OrderItem): string {
  const total = formatMoney(renewal.priceCents + renewal.taxCents, item.currency);
  return ` for ${total} a ${item.billingInterval ?? 'month'}${renewal.taxCents > 0 ? ' (VAT included)' : ''}`;
}

/** A subscription's period, its next renewal, and cancel at period end or resume (requirements §11). */
export function SubscriptionPanel({ item }: { item: OrderItem }) {
  const ref = { orderId: item.orderId, itemId: item.id };
  const setCanceled = useSetSubscriptionCanceled(ref);
  // The plan change panel asks the same (one request): the renewal's charge with today's VAT.
  const nextRenewal = usePlanOptions(ref, item.status === 'active' && item.planKind === 'subscription').data
    ?.nextRenewal;
  if (item.planKind !== 'subscription') return null;
  const periodEnd = item.currentPeriodEnd;
  let status: string;
  if (item.status === 'ended')
    status = `This subscription ended${item.endedAt ? ` on ${formatDate(item.endedAt)}` : ''}.`;
  else if (item.status !== 'active') status = 'This subscription is no longer active.';
  else if (item.cancelAtPeriodEnd)
    status = `Canceled: it ends on ${periodEnd ? formatDate(periodEnd) : 'the period end'}.`;
  else if (item.renewalFailures > 0 && item.nextRenewalAt) {
    status = `The last renewal failed. We try your card again on ${formatDate(item.nextRenewalAt)}.`;
  } else {
    const charge = nextRenewal ? renewalCharge(nextRenewal, item) : '';
    status = `Renews on ${item.nextRenewalAt ? formatDate(item.nextRenewalAt) : '—'}${charge}.`;
  }
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7"
    >
      <h2 id="subscription-heading" className="font-semibold text-ink-900 text-lg tracking-tight">
        Subscription
      </h2>
      <p className="mt-2 text-ink-700 text-sm">{status}</p>
      {item.status === 'active' ? (
        <Button
          className="mt-3"
          variant="outline"
          size="sm"
          isLoading={setCanceled.isPending}
          onClick={() => setCanceled.mutate(!item.cancelAtPeriodEnd)}
        >
          {item.cancelAtPeriodEnd ? 'Resume subscription' : 'Cancel at period end'}
        </Button>
      ) : null}
    </section>
  );
}
