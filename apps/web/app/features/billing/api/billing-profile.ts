import type { ApiInput } from '@everdeal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

/** Under the user's key, so signing out (which clears it) forgets them. */
export const BILLING_PROFILE_QUERY_KEY = [...USER_QUERY_KEY, 'billing-profile'] as const;

/** Decision 037: the signed-in person's billing details, null before they save any. */
export function useBillingProfile() {
  return useQuery({
    queryKey: BILLING_PROFILE_QUERY_KEY,
    queryFn: () => callApi('users/getBillingProfile', {}, { silent: true }),
  });
}

/**
 * Saves the whole profile; the answer becomes the cached one. Silent: the form shows a refusal
 * beside the field it names. The checkout's totals depend on it, so they are fetched again.
 */
export function useUpdateBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'users/updateBillingProfile'>) =>
      callApi('users/updateBillingProfile', input, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(BILLING_PROFILE_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: [...USER_QUERY_KEY, 'checkout-totals'] });
    },
  });
}
