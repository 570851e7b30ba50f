import type { ChangePlanInput, OrderItem, RefundItemInput } from '@everdeal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

export type OrderItemRef = { orderId: string; itemId: string };

// A bought item is the user's data: under USER_QUERY_KEY, dropped on sign-out or a 401.
const itemKey = ({ orderId, itemId }: OrderItemRef) => [...USER_QUERY_KEY, 'orders', 'item', orderId, itemId] as const;
const planOptionsKey = (ref: OrderItemRef) => [...itemKey(ref), 'plan-options'] as const;

/** The other plans of the item's product, with what a change to each costs or returns. */
export function usePlanOptions(ref: OrderItemRef, enabled: boolean) {
  return useQuery({
    queryKey: planOptionsKey(ref),
    queryFn: ({ signal }) => callApi('orders/getPlanOptions', ref, { signal }),
    enabled,
  });
}

/** Every change answers the item: it replaces the cached one; the plan options follow it. */
function useStoreItem(ref: OrderItemRef) {
  const queryClient = useQueryClient();
  return (item: OrderItem) => {
    queryClient.setQueryData(itemKey(ref), { item });
    void queryClient.invalidateQueries({ queryKey: planOptionsKey(ref) });
    void queryClient.invalidateQueries({ queryKey: [...USER_QUERY_KEY, 'orders'] });
  };
}

// The wallet's cache (features/wallet owns it; features do not import each other): a refund to
// store credit changes the balance, so it is fetched afresh.
const WALLET_KEY = [...USER_QUERY_KEY, 'wallet'] as const;

/**
 * The refund, with where the money goes and the shopper's reason when they gave one. Silent: the
 * confirm dialog shows why a refund was refused (e.g. the support-ticket message).
 */
export function useRefundItem(ref: OrderItemRef) {
  const storeItem = useStoreItem(ref);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<RefundItemInput, 'reason' | 'note' | 'to'>) =>
      callApi('orders/refundItem', { ...ref, ...input }, { silent: true }),
    onSuccess: ({ item }) => {
      storeItem(item);
      if (item.refundedTo === 'credit') void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}

export function useChangePlan(ref: OrderItemRef) {
  const storeItem = useStoreItem(ref);
  return useMutation({
    mutationFn: (input: Pick<ChangePlanInput, 'variantId' | 'idempotencyKey'>) =>
      callApi('orders/changePlan', { ...ref, ...input }, { silent: true }),
    onSuccess: ({ item }) => storeItem(item),
  });
}

/** Cancel at period end (true) or resume (false); a failure is toasted by the client. */
export function useSetSubscriptionCanceled(ref: OrderItemRef) {
  const storeItem = useStoreItem(ref);
  return useMutation({
    mutationFn: (cancel: boolean) => callApi(cancel ? 'orders/cancelSubscription' : 'orders/resumeSubscription', ref),
    onSuccess: ({ item }) => storeItem(item),
  });
}
