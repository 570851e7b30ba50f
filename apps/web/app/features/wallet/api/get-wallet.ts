import type { Wallet } from '@everdeal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// The wallet is the user's data: under USER_QUERY_KEY, dropped on sign-out or a 401.
export const WALLET_KEY = [...USER_QUERY_KEY, 'wallet'] as const;

export function walletQueryOptions(page = 1) {
  return queryOptions({
    queryKey: [...WALLET_KEY, page],
    queryFn: ({ signal }) => callApi('wallet/getWallet', { page }, { signal, silent: true }),
  });
}

/** The signed-in user's store credit: the balance and one page of its history; nothing for a visitor. */
export function useWallet(page = 1) {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({ ...walletQueryOptions(page), enabled: mayFetch, placeholderData: keepPreviousData });
  return { ...query, data: isLoggedIn ? (query.data as Wallet | undefined) : undefined };
}
