import type { ApiInput } from '@everdeal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

// The seller's webhook calls (decision 033). A seller's own data: under USER_QUERY_KEY, so
// signing out or a 401 drops it.

const WEBHOOKS_KEY = [...USER_QUERY_KEY, 'seller-webhooks'] as const;
const endpointKey = (sellerId: number) => [...WEBHOOKS_KEY, 'endpoint', sellerId] as const;
const deliveriesKey = (sellerId: number) => [...WEBHOOKS_KEY, 'deliveries', sellerId] as const;

export function useWebhookEndpoint(sellerId: number) {
  return useQuery({
    queryKey: endpointKey(sellerId),
    queryFn: async ({ signal }) => (await callApi('seller/getWebhook', { sellerId }, { signal })).webhook,
  });
}

/** The delivery log's page; polled while a delivery on it waits, so the seller sees it land. */
export function useWebhookDeliveries(sellerId: number, page: number, isEnabled: boolean) {
  return useQuery({
    queryKey: [...deliveriesKey(sellerId), page],
    queryFn: ({ signal }) => callApi('seller/getWebhookDeliveries', { sellerId, page }, { signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending' || item.status === 'sending') ? 3000 : false,
  });
}

function useRefresh(sellerId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(sellerId) }),
      queryClient.invalidateQueries({ queryKey: deliveriesKey(sellerId) }),
    ]);
}

export function useSetWebhook(sellerId: number) {
  const refresh = useRefresh(sellerId);
  return useMutation({
    mutationFn: (input: Omit<ApiInput<'seller/setWebhook'>, 'sellerId'>) =>
      callApi('seller/setWebhook', { ...input, sellerId }),
    onSuccess: refresh,
  });
}

export function useRotateWebhookSecret(sellerId: number) {
  const refresh = useRefresh(sellerId);
  return useMutation({
    mutationFn: (keepPreviousHours: number) => callApi('seller/rotateWebhookSecret', { sellerId, keepPreviousHours }),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook(sellerId: number) {
  const refresh = useRefresh(sellerId);
  return useMutation({
    mutationFn: () => callApi('seller/deleteWebhook', { sellerId }),
    onSuccess: refresh,
  });
}

export function useTestWebhook(sellerId: number) {
  const refresh = useRefresh(sellerId);
  return useMutation({
    mutationFn: () => callApi('seller/testWebhook', { sellerId }),
    onSuccess: refresh,
  });
}

export function useRedeliverWebhook(sellerId: number) {
  const refresh = useRefresh(sellerId);
  return useMutation({
    mutationFn: (deliveryId: string) => callApi('seller/redeliverWebhook', { sellerId, deliveryId }),
    onSuccess: refresh,
  });
}
