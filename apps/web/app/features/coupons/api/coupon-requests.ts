import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import type { CouponInput } from '../coupon-form';

// Coupons (decision 040): the admin's and the seller's lists and creation. The caller's own data:
// under USER_QUERY_KEY, so signing out or a 401 drops it.

export type CouponArea = 'admin' | 'seller';
const couponsKey = (area: CouponArea) => [...USER_QUERY_KEY, 'coupons', area] as const;

export function useCoupons(area: CouponArea) {
  return useQuery({
    queryKey: couponsKey(area),
    queryFn: async ({ signal }) =>
      (await callApi(area === 'admin' ? 'admin/getCoupons' : 'seller/getCoupons', {}, { signal })).coupons,
  });
}

/** Creates a coupon; silent, the form shows the server's reason. */
export function useCreateCoupon(area: CouponArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponInput) =>
      area === 'admin'
        ? callApi('admin/createCoupon', input, { silent: true })
        : callApi('seller/createCoupon', { ...input, productIds: input.productIds ?? [] }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsKey(area) }),
  });
}
