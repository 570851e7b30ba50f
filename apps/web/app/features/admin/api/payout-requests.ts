import type { ApiInput } from '@everdeal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// Every seller's transfers (decision 036).

export function useAdminPayouts(filters: ApiInput<'admin/getPayouts'>) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'payouts', filters],
    queryFn: ({ signal }) => callApi('admin/getPayouts', filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
