import { clsx } from 'clsx';
import { ORDER_STANDING_LABEL, type OrderStanding } from '~/shared/orders/item-status';

const TONE: Record<OrderStanding, string> = {
  paid: 'bg-emerald-50 text-emerald-700',
  pending: 'bg-amber-50 text-amber-800',
  failed: 'bg-red-50 text-red-700',
  refunded: 'bg-slate-100 text-ink-700',
  partly_refunded: 'bg-slate-100 text-ink-700',
};

export function OrderStatusBadge({ status }: { status: OrderStanding }) {
  return (
    <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 font-medium text-xs', TONE[status])}>
      {ORDER_STANDING_LABEL[status]}
    </span>
  );
}
