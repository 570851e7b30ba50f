import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useMayFetchUserData } from '~/shared/session/session-provider';

/**
 * The preview of a product page (decision 022): the caller's own view, under USER_QUERY_KEY so
 * signing out drops it. Silent: a 404 (someone else's draft, or none) is the page's "not found"
 * state. Always fetched again on a visit: a seller comes here right after saving a change.
 */
export function useProductPreview(slug: string) {
  const mayFetch = useMayFetchUserData();
  return useQuery({
    queryKey: [...USER_QUERY_KEY, 'product-preview', slug],
    queryFn: ({ signal }) => callApi('products/getProductPreview', { slug }, { signal, silent: true }),
    enabled: mayFetch,
    staleTime: 0,
    retry: false,
  });
}
