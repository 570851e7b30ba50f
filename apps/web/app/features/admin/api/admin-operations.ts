import type { ApiInput } from '@everdeal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// The admin's products, moderation, orders and users (requirements §13, decision 015). Every
// change invalidates the whole admin cache: the lists, the audit log and the shell's counts.

export function useAdminProducts(filters: ApiInput<'admin/getProducts'>) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'products', filters],
    queryFn: ({ signal }) => callApi('admin/getProducts', filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReports(page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'reports', page],
    queryFn: ({ signal }) => callApi('admin/getReports', { page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderSearch(q: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'orders', q],
    // No query is a question too: the latest orders.
    queryFn: ({ signal }) => callApi('admin/searchOrders', { q }, { signal }),
  });
}

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'users', q],
    queryFn: ({ signal }) => callApi('admin/searchUsers', { q }, { signal }),
    enabled: q.length > 0,
  });
}

/** One account's page: its facts, orders and tickets (`admin/getUser`). */
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'user', userId],
    queryFn: ({ signal }) => callApi('admin/getUser', { userId }, { signal, silent: true }),
    retry: false,
  });
}

type AdminChange =
  | 'admin/reviewProduct'
  | 'admin/updateProduct'
  | 'admin/moderate'
  | 'admin/refundItem'
  | 'admin/setUserStatus'
  | 'admin/setUserRole'
  | 'admin/shutDownProduct';

/** One admin change; errors are toasted by the API client, the caller toasts the success. */
export function useAdminChange<P extends AdminChange>(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<P>) => callApi(path, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
