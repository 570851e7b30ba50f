import { QUERY_CACHE_MS, QUERY_RETRIES, QUERY_RETRY_DELAY_MS, QUERY_STALE_MS } from '@everdeal/contracts/constants';
import { environmentManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Requirements §9 request defaults: cache 5 min, stale 30 s, 3 retries 1 s apart, none for a 4xx.
 * The 5 minutes are the browser's: a server render's client lives for one page, and with a
 * `gcTime` each query it built set a 5-minute timer that kept the whole client, and the page's
 * data with it, alive long after the answer was sent (TanStack Query's own server default is
 * `Infinity`: no timer, the client is garbage once the render is done).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: environmentManager.isServer() ? Number.POSITIVE_INFINITY : QUERY_CACHE_MS,
        staleTime: QUERY_STALE_MS,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
          return failureCount < QUERY_RETRIES;
        },
        retryDelay: QUERY_RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Every query holding the signed-in user's data starts with this key, so signing out or in as
 * someone else drops all of it at once (requirements §4: logging out resets user data).
 */
export const USER_QUERY_KEY = ['user'] as const;
