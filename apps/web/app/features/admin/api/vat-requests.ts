import type { ApiInput } from '@everdeal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// The VAT report of a quarter (decision 048).

export function useVatReport(input: ApiInput<'admin/getVatReport'>) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'vat', input],
    queryFn: ({ signal }) => callApi('admin/getVatReport', input, { signal }),
    placeholderData: keepPreviousData,
  });
}
