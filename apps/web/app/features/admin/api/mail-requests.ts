import type { ApiInput } from '@everdeal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// The mail outbox's calls (decision 029). A retry changes the list, its counts and the audit log:
// every admin query is marked stale; a refusal (the 409 of a mail no longer failed) is the API
// client's toast.

const MAIL_KEY = [...ADMIN_KEY, 'mail'] as const;

export function useMailOutbox(filters: ApiInput<'admin/getMailOutbox'>) {
  return useQuery({
    queryKey: [...MAIL_KEY, filters],
    queryFn: ({ signal }) => callApi('admin/getMailOutbox', filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('admin/retryMail', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
