import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

// A seller's API keys (decision 032). The member's own data: under USER_QUERY_KEY, so signing
// out or a 401 drops it.

const keysKey = (sellerId: number) => [...USER_QUERY_KEY, 'seller-api-keys', sellerId] as const;

export function useApiKeys(sellerId: number) {
  return useQuery({
    queryKey: keysKey(sellerId),
    queryFn: async ({ signal }) => (await callApi('seller/getApiKeys', { sellerId }, { signal })).keys,
  });
}

/** Creates a key; the answer holds the key itself, which no later call shows again. */
export function useCreateApiKey(sellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi('seller/createApiKey', { sellerId, name }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey(sellerId) }),
  });
}

export function useRevokeApiKey(sellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('seller/revokeApiKey', { id }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey(sellerId) }),
  });
}
