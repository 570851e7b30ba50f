import type { Order, OrderItem } from '@everdeal/contracts';

/**
 * What the shopper's and the admin's order views say of an order once its items were refunded:
 * an order's own status stays `paid` (its checkout was paid), so these read the items.
 */
export type OrderStanding = 'paid' | 'pending' | 'failed' | 'refunded' | 'partly_refunded';

export const ORDER_STANDING_LABEL: Record<OrderStanding, string> = {
  pending: 'Processing',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
};

export function orderStanding(order: Pick<Order, 'status'> & { items: Pick<OrderItem, 'status'>[] }): OrderStanding {
  if (order.status !== 'paid') return order.status;
  const refunded = order.items.filter((item) => item.status === 'refunded').length;
  if (refunded === 0) return 'paid';
  return refunded === order.items.length ? 'refunded' : 'partly_refunded';
}

/** A subscription that ends at its period end rather than renewing: the day it ends, else null. */
export function cancelsOn(
  item: Pick<OrderItem, 'status' | 'planKind' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>,
): string | null {
  if (item.status !== 'active' || item.planKind !== 'subscription' || !item.cancelAtPeriodEnd) return null;
  return item.currentPeriodEnd;
}
