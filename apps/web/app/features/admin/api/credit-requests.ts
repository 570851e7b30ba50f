import type { GrantCreditInput } from '@everdeal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// One user's store credit on their admin page, and the grant or correction (decision 030).

export function useAdminUserWallet(userId: string, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'wallet', userId, page],
    queryFn: ({ signal }) => callApi('admin/getUserWallet', { userId, page }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** Silent: the form shows a refusal (409 "Not enough store credit") beside itself, not in a toast. */
export function useGrantCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantCreditInput) => callApi('admin/grantCredit', input, { silent: true }),
    // The wallet, the audit log and the overview all read what changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
