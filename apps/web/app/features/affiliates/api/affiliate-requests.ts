import type { AffiliateDashboard } from '@everdeal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// A member's figures are the user's data: under USER_QUERY_KEY, dropped on sign-out or a 401.
const DASHBOARD_KEY = [...USER_QUERY_KEY, 'affiliate', 'dashboard'] as const;

/**
 * The signed-in user's dashboard, or `null` when they have not joined (the API's 404, which is
 * an answer here, not an error worth a toast); nothing and no request for a visitor.
 */
export function useAffiliateDashboard() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: async ({ signal }): Promise<AffiliateDashboard | null> => {
      try {
        return await callApi('affiliate/getDashboard', {}, { signal, silent: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: mayFetch,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** Joins (idempotent on the server), then reads the new dashboard. */
export function useJoinAffiliateProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('affiliate/join', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  });
}

/** One page of the member's attributed orders (`affiliate/getEarnings`), the previous one kept while the next loads. */
export function useAffiliateEarnings(page: number) {
  const mayFetch = useMayFetchUserData();
  return useQuery({
    queryKey: [...USER_QUERY_KEY, 'affiliate', 'earnings', page],
    queryFn: ({ signal }) => callApi('affiliate/getEarnings', { page }, { signal }),
    enabled: mayFetch,
    placeholderData: keepPreviousData,
  });
}
