import type { Order, OrderItem } from '@everdeal/contracts';
import type { OrderItemRow, OrderRow } from '@everdeal/db';

// Fields of the order views made from the order's and item's own rows alone, shared by the order
// reads (orders.service.ts) and the answer checkout builds from what it just wrote (charge.ts).

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Subscription fields of an item view (decision 010): when it renews next, unless set to cancel. */
export function subscriptionState(
  row: Pick<
    OrderItemRow,
    'status' | 'planKind' | 'cancelAtPeriodEnd' | 'renewalFailures' | 'renewalRetryAt' | 'periodEnd'
  >,
): Pick<OrderItem, 'cancelAtPeriodEnd' | 'nextRenewalAt' | 'renewalFailures'> {
  const renews = row.status === 'active' && row.planKind === 'subscription' && !row.cancelAtPeriodEnd;
  return {
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    nextRenewalAt: renews ? iso(row.renewalRetryAt ?? row.periodEnd) : null,
    renewalFailures: row.renewalFailures,
  };
}

/** The card an order charged; none when store credit paid the whole total and there was no VAT (decisions 030, 037). */
export function cardOf(
  row: Pick<OrderRow, 'cardBrand' | 'cardLast4' | 'totalCents' | 'paidWithCreditCents' | 'taxCents'>,
): Order['payment'] {
  if (row.cardBrand === null || row.cardLast4 === null) return null;
  if (row.paidWithCreditCents >= row.totalCents + row.taxCents) return null;
  return { brand: row.cardBrand, last4: row.cardLast4 };
}

/** The order's VAT fields (decision 037): the rate as the API's percentage (1900 → 19). */
export function taxViewOf(
  row: Pick<OrderRow, 'totalCents' | 'taxCents' | 'taxRateBasisPoints' | 'taxReverseCharge'>,
): Pick<Order, 'taxCents' | 'taxRate' | 'taxReverseCharge' | 'totalWithTaxCents'> {
  return {
    taxCents: row.taxCents,
    taxRate: row.taxRateBasisPoints / 100,
    taxReverseCharge: row.taxReverseCharge,
    totalWithTaxCents: row.totalCents + row.taxCents,
  };
}
