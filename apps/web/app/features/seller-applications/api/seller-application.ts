import type { ApplyToSellInput, MyApplication } from '@everdeal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useMayFetchUserData } from '~/shared/session/session-provider';

// The caller's seller application (requirements §13, decision 015). Under USER_QUERY_KEY, so
// signing out or a 401 drops it.

const MY_APPLICATION_KEY = [...USER_QUERY_KEY, 'seller-application'] as const;

/** The latest application: null before the first; what /launch shows instead of the form. */
export function useMyApplication() {
  const mayFetch = useMayFetchUserData();
  return useQuery({
    queryKey: MY_APPLICATION_KEY,
    queryFn: ({ signal }) => callApi('sellers/getMyApplication', {}, { signal }),
    enabled: mayFetch,
  });
}

/** `sellers/apply`; silent, since the form shows a refusal beside itself. The answer becomes the latest. */
export function useApplyToSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyToSellInput) => callApi('sellers/apply', input, { silent: true }),
    onSuccess: ({ application }) => queryClient.setQueryData<MyApplication>(MY_APPLICATION_KEY, { application }),
  });
}
