import type { OrderStatus } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { ORDER_STATUS_LABEL } from '../order-format';

const TONE: Record<OrderStatus, string> = {
  paid: 'bg-emerald-50 text-emerald-700',
  pending: 'bg-amber-50 text-amber-800',
  failed: 'bg-red-50 text-red-700',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 font-medium text-xs', TONE[status])}>
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}
