import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { SELLER_KEY } from './seller-requests';

// The seller's payout account and transfers (decision 036), under the seller's own query keys.

const payoutsKey = (sellerId: number) => [...SELLER_KEY, 'payouts', sellerId] as const;

export function useSellerPayouts(sellerId: number, page = 1) {
  return useQuery({
    queryKey: [...payoutsKey(sellerId), page],
    queryFn: ({ signal }) => callApi('seller/getPayouts', { sellerId, page }, { signal }),
  });
}

/** Asks for a fresh onboarding link and goes there (Stripe's page, or the sandbox's local one). */
export function useStartPayoutOnboarding(sellerId: number) {
  return useMutation({
    mutationFn: () => callApi('seller/startPayoutOnboarding', { sellerId }, { silent: true }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Back from onboarding: the account's state, asked of the provider, then the page's data again. */
export function useRefreshPayoutAccount(sellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('seller/refreshPayoutAccount', { sellerId }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsKey(sellerId) }),
  });
}
