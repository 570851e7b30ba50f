import type { Order, OrderItemRefInput, OrderList, SetCodeRedeemedInput } from '@everdeal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// Orders are the user's data: under USER_QUERY_KEY, dropped on sign-out or a 401.
export const ORDERS_KEY = [...USER_QUERY_KEY, 'orders'] as const;
const ordersPageKey = (page: number) => [...ORDERS_KEY, 'list', page] as const;
export const orderKey = (orderId: string) => [...ORDERS_KEY, 'order', orderId] as const;
const orderItemKey = ({ orderId, itemId }: OrderItemRefInput) => [...ORDERS_KEY, 'item', orderId, itemId] as const;

export function ordersQueryOptions(page = 1) {
  return queryOptions({
    queryKey: ordersPageKey(page),
    queryFn: ({ signal }) => callApi('orders/getOrders', { page }, { signal }),
  });
}

/** The signed-in user's orders, newest first; nothing (and no request) for a visitor. */
export function useOrders(page = 1) {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({ ...ordersQueryOptions(page), enabled: mayFetch });
  return { ...query, data: isLoggedIn ? (query.data as OrderList | undefined) : undefined };
}

/**
 * One order. Silent: a 404 (someone else's order or none, requirements §6) is the page's "not
 * found" state, not a toast. A pending order (Stripe's 3-D Secure, a provider that did not
 * answer) is asked again every 2 s until it is settled.
 */
export function useOrder(orderId: string | null) {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: orderKey(orderId ?? ''),
    queryFn: ({ signal }) => callApi('orders/getOrder', { orderId: orderId ?? '' }, { signal, silent: true }),
    select: (result) => result.order,
    enabled: mayFetch && orderId !== null,
    refetchInterval: (current) => (current.state.data?.order.status === 'pending' ? 2_000 : false),
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** One bought item; silent for the same reason as `useOrder`. `isWellFormed`: ids that can name one. */
export function useOrderItem(ref: OrderItemRefInput, isWellFormed = true) {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: orderItemKey(ref),
    queryFn: ({ signal }) => callApi('orders/getOrderItem', ref, { signal, silent: true }),
    select: (result) => result.item,
    enabled: mayFetch && isWellFormed,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** After checkout: the new order is cached for the success page, and every list is fetched again. */
export function useStoreNewOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => {
    queryClient.setQueryData(orderKey(order.id), { order });
    void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
    // The product pages' "You own this" (get-owned-items.ts) now holds these items too.
    void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'owned'] });
  };
}

/** The shopper's own "I redeemed this code" mark (requirements §11 activation state); toasted on failure. */
export function useSetCodeRedeemed(ref: OrderItemRefInput) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<SetCodeRedeemedInput, 'code' | 'redeemed'>) =>
      callApi('orders/setCodeRedeemed', { ...ref, ...input }),
    onSuccess: (result) => {
      queryClient.setQueryData(orderItemKey(ref), result);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
