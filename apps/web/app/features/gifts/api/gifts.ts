import type { OrderItem } from '@everdeal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// Gifts and license transfers (decision 043). A bought item is the user's data: its cache entry is
// the orders feature's (features do not import each other), so it is addressed by the same key.
export type OrderItemRef = { orderId: string; itemId: string };
const ORDERS = [...USER_QUERY_KEY, 'orders'] as const;
const itemKey = ({ orderId, itemId }: OrderItemRef) => [...ORDERS, 'item', orderId, itemId] as const;
const RECEIVED_KEY = [...ORDERS, 'received'] as const;

/** Every change answers the item: it replaces the cached one, and the lists are fetched again. */
function useStoreItem(ref: OrderItemRef) {
  const queryClient = useQueryClient();
  return (item: OrderItem) => {
    queryClient.setQueryData(itemKey(ref), { item });
    void queryClient.invalidateQueries({ queryKey: ORDERS });
  };
}

/** Offer the item to another address. Silent: the form shows why it was refused. */
export function useTransferItem(ref: OrderItemRef) {
  const storeItem = useStoreItem(ref);
  return useMutation({
    mutationFn: (email: string) => callApi('orders/transferItem', { ...ref, email }, { silent: true }),
    onSuccess: ({ item }) => storeItem(item),
  });
}

export function useCancelTransfer(ref: OrderItemRef) {
  const storeItem = useStoreItem(ref);
  return useMutation({
    mutationFn: () => callApi('orders/cancelTransfer', ref, { silent: true }),
    onSuccess: ({ item }) => storeItem(item),
  });
}

export function useResendGift(ref: OrderItemRef) {
  const storeItem = useStoreItem(ref);
  return useMutation({
    /** `email`: a corrected recipient address; without it the link goes to the same one. */
    mutationFn: (email?: string) => callApi('orders/resendGift', email ? { ...ref, email } : ref, { silent: true }),
    onSuccess: ({ item }) => storeItem(item),
  });
}

/** What a claim link offers; public, so the page can say it before anyone signs in. Silent: 404 is a page state. */
export function useGiftPreview(token: string) {
  return useQuery({
    queryKey: ['gift-preview', token],
    queryFn: ({ signal }) => callApi('orders/getGift', { token }, { signal, silent: true }),
    select: (result) => result.gift,
    retry: false,
    enabled: token !== '',
  });
}

export function useClaimGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi('orders/claimGift', { token }, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ORDERS }),
  });
}

/** The items the signed-in user claimed from others; nothing (and no request) for a visitor. */
export function useReceivedItems() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: RECEIVED_KEY,
    queryFn: ({ signal }) => callApi('orders/getReceivedItems', {}, { signal }),
    select: (result) => result.items,
    enabled: mayFetch,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}
