import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

/** Under the user's key, so signing out (which clears it) and a verification link refresh it. */
export const EMAIL_STATUS_QUERY_KEY = [...USER_QUERY_KEY, 'email-status'] as const;

/** Decision 027: whether the account's address is verified, and the change waiting for its link. */
export function useEmailStatus() {
  return useQuery({
    queryKey: EMAIL_STATUS_QUERY_KEY,
    queryFn: () => callApi('users/getEmailStatus', {}, { silent: true }),
  });
}
