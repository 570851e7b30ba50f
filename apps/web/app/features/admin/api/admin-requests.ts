import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useMayFetchUserData } from '~/shared/session/session-provider';
import type { AuditFilters } from '../audit-filters';

// The admin area's calls (requirements §13, decision 015). Under USER_QUERY_KEY, so signing out
// or a 401 drops them; every answer is the server's to give (the route table checks the role).

export const ADMIN_KEY = [...USER_QUERY_KEY, 'admin'] as const;

/** What waits for a decision; a 403 here means the caller is no admin (the shell says so). */
export function useAdminOverview() {
  const mayFetch = useMayFetchUserData();
  return useQuery({
    queryKey: [...ADMIN_KEY, 'overview'],
    // Silent: the shell shows "no permission" itself instead of a toast.
    queryFn: ({ signal }) => callApi('admin/getOverview', {}, { signal, silent: true }),
    enabled: mayFetch,
    retry: false,
  });
}

/** The log with the address's filters, 50 actions a page, older pages added below. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_KEY, 'audit', filters],
    queryFn: ({ signal, pageParam }) =>
      callApi('admin/getAuditLog', pageParam === null ? filters : { ...filters, before: pageParam }, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}
