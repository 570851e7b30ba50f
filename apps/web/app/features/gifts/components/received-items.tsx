import { orderItemPath } from '@everdeal/contracts/order-paths';
import Gift from 'lucide-react/icons/gift';
import { Link } from 'react-router';
import { formatDate } from '~/lib/format-date';
import { useReceivedItems } from '../api/gifts';

/**
 * "Received": the items the user claimed from others (decision 043), above their own orders, each
 * linking to its page with the codes; nothing at all for someone who received none.
 */
export function ReceivedItems() {
  const received = useReceivedItems();
  const items = received.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="received-heading" className="mb-6">
      <h2 id="received-heading" className="mb-3 font-semibold text-ink-900 text-lg tracking-tight">
        Gifts and transfers you received
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={orderItemPath(item.orderId, item.id)}
              className="flex items-center gap-4 rounded-card bg-white p-4 shadow-card ring-1 ring-ink-900/5 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
                <Gift aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-ink-900">
                  {item.productName} · {item.planName}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                </span>
                <span className="block text-ink-500 text-sm">
                  {item.receivedFrom?.kind === 'transfer' ? 'Transferred by' : 'A gift from'}{' '}
                  {item.receivedFrom?.fromName}
                  {item.receivedFrom ? `, claimed ${formatDate(item.receivedFrom.claimedAt)}` : ''}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
