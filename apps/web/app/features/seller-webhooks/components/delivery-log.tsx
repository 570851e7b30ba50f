import type { WebhookDelivery } from '@everdeal/contracts';
import { clsx } from 'clsx';
import Webhook from 'lucide-react/icons/webhook';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Pagination } from '~/components/ui/pagination';
import { SkeletonText } from '~/components/ui/skeleton';
import { TableScroller } from '~/components/ui/table-scroller';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhook-requests';
import { DELIVERY_STATUS_LABEL, lastAnswerText } from '../webhook-format';

const STATUS_BADGE: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  sending: 'bg-brand-50 text-brand-700',
  delivered: 'bg-emerald-50 text-emerald-700',
  failed: 'bg-red-50 text-red-700',
};

/** The deliveries, newest first, 20 a page (`?page=`), each with Redeliver. */
export function DeliveryLog({
  sellerId,
  page,
  hrefFor,
}: {
  sellerId: number;
  page: number;
  hrefFor: (page: number) => string;
}) {
  const deliveries = useWebhookDeliveries(sellerId, page, true);
  const redeliver = useRedeliverWebhook(sellerId);
  const [busy, setBusy] = useState<string | null>(null);

  if (deliveries.isPending) return <SkeletonText lines={6} />;
  if (deliveries.isError) {
    return <FormAlert>We could not load the delivery log. Reload the page to try again.</FormAlert>;
  }
  const { items, total, pageSize } = deliveries.data;
  if (total === 0) {
    return (
      <EmptyState
        icon={Webhook}
        title="No deliveries yet"
        description="Send a test event to see a delivery here. Sales, refunds, plan changes, activations and sunsets appear as they happen."
      />
    );
  }

  async function again(id: string) {
    setBusy(id);
    try {
      await redeliver.mutateAsync(id);
      toast.success('Sent again');
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.message : 'It could not be sent again. Try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <TableScroller label="Deliveries, scrolls sideways" className="rounded-2xl bg-white ring-1 ring-ink-900/10">
        {/* relative: the sr-only caption and header are absolutely placed, and must stay inside the scrolling box. */}
        <table className="relative w-full text-left text-sm">
          <caption className="sr-only">Webhook deliveries, newest first</caption>
          <thead className="border-ink-900/10 border-b text-ink-500 text-xs uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Event
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Attempts
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Last answer
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Next attempt
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-900/5">
            {items.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="block font-mono text-ink-900 text-xs">{delivery.type}</span>
                  <span className="block text-ink-500 text-xs">{formatDateTime(delivery.createdAt)}</span>
                  <span className="block break-all text-ink-400 text-xs">{delivery.eventId}</span>
                </th>
                <td className="whitespace-nowrap px-4 py-3">
                  <span className={clsx('rounded-full px-2.5 py-1 font-medium text-xs', STATUS_BADGE[delivery.status])}>
                    {DELIVERY_STATUS_LABEL[delivery.status]}
                  </span>
                </td>
                <td className="px-4 py-3 text-right">{delivery.attempts}</td>
                <td className="min-w-32 px-4 py-3 text-ink-700">{lastAnswerText(delivery)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-ink-700">
                  {delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}
                </td>
                <td className="px-4 py-3 text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    isLoading={busy === delivery.id}
                    disabled={delivery.status === 'sending'}
                    onClick={() => void again(delivery.id)}
                    aria-label={`Redeliver ${delivery.type} of ${formatDateTime(delivery.createdAt)}`}
                  >
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pagination page={page} pageCount={Math.ceil(total / pageSize)} hrefFor={hrefFor} />
    </>
  );
}
