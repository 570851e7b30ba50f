import type { ApplicationStatus } from '@everdeal/contracts/seller-application-rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// Seller applications in the admin area (requirements §13, decision 015).

const APPLICATIONS_KEY = [...ADMIN_KEY, 'applications'] as const;

export function useApplications(status: ApplicationStatus | null, page: number) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, status, page],
    queryFn: ({ signal }) => callApi('admin/getApplications', status ? { status, page } : { page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A decision changes the list, the overview's count of open applications and the audit log:
 * every admin query is marked stale. A refusal (the 409 of an application someone else decided)
 * is the API client's toast.
 */
function useDecision<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useApproveApplication() {
  return useDecision((applicationId: number) => callApi('admin/approveApplication', { applicationId }));
}

export function useRejectApplication() {
  return useDecision((input: { applicationId: number; reason: string }) =>
    callApi('admin/rejectApplication', input, { silent: true }),
  );
}
