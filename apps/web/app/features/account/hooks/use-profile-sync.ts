import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { setUser } from '~/shared/session/auth-store';

/**
 * Refreshes the stored user from the server when an account page opens (another device may have
 * changed the name or the photo). Pages read the user from the auth store, the one copy.
 */
export function useProfileSync(enabled: boolean) {
  return useQuery({
    queryKey: [...USER_QUERY_KEY, 'profile'],
    queryFn: async () => {
      const user = await callApi('users/getUserProfile', {}, { silent: true });
      setUser(user);
      return user;
    },
    enabled,
  });
}
