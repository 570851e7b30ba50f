import type { AnalyticsRange } from '@everdeal/contracts/seller-analytics-rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

// Seller analytics (requirements §13, decision 025): the seller's own figures, under
// USER_QUERY_KEY so signing out drops them.

export function useSellerAnalytics(sellerId: number, days: AnalyticsRange) {
  return useQuery({
    queryKey: [...USER_QUERY_KEY, 'seller', 'analytics', sellerId, days],
    queryFn: ({ signal }) => callApi('seller/getAnalytics', { sellerId, days }, { signal }),
    // Another range keeps the figures on screen (marked as updating) until its own arrive.
    placeholderData: keepPreviousData,
  });
}
