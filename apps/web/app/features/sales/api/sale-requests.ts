import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import type { SaleInput } from '../sale-form';

// The admin's sale events (decision 042). The caller's own view of the admin area: under
// USER_QUERY_KEY, so signing out or a 401 drops it.

const salesKey = [...USER_QUERY_KEY, 'admin', 'sales'] as const;

export function useSales() {
  return useQuery({
    queryKey: salesKey,
    queryFn: async ({ signal }) => (await callApi('admin/getSales', {}, { signal })).sales,
  });
}

/** Schedules a sale; silent, the form shows the server's reason (an overlap, 409). */
export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaleInput) => callApi('admin/createSale', input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesKey }),
  });
}

/** Changes a sale; silent, the form shows the server's reason (an overlap or a running sale's terms, 409). */
export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaleInput & { id: string }) => callApi('admin/updateSale', input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesKey }),
  });
}

/** Ends a sale now; a failure is toasted by the API client and keeps the confirmation open. */
export function useEndSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('admin/endSale', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesKey }),
  });
}
