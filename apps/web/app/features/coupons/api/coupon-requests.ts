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

export type CouponChangeInput = {
  couponId: string;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
};

const historyKey = (area: CouponArea, couponId: string) => [...couponsKey(area), 'history', couponId] as const;

/** Changes a coupon's window or limits; silent, the dialog shows the server's reason. */
export function useUpdateCoupon(area: CouponArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CouponChangeInput) =>
      callApi(area === 'admin' ? 'admin/updateCoupon' : 'seller/updateCoupon', input, { silent: true }),
    // The list and every history under it: the change is one more row of the coupon's history.
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsKey(area) }),
  });
}

/** Deactivates (`isActive: false`) or reactivates a coupon; silent, the caller says what failed. */
export function useSetCouponActive(area: CouponArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ couponId, isActive }: { couponId: string; isActive: boolean }) => {
      const path = isActive
        ? area === 'admin'
          ? 'admin/reactivateCoupon'
          : 'seller/reactivateCoupon'
        : area === 'admin'
          ? 'admin/deactivateCoupon'
          : 'seller/deactivateCoupon';
      return callApi(path, { couponId }, { silent: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsKey(area) }),
  });
}

/** Who created and changed the coupon, newest first; fetched once the history is opened. */
export function useCouponHistory(area: CouponArea, couponId: string, isOpen: boolean) {
  return useQuery({
    queryKey: historyKey(area, couponId),
    queryFn: async ({ signal }) =>
      (
        await callApi(
          area === 'admin' ? 'admin/getCouponHistory' : 'seller/getCouponHistory',
          { couponId },
          { signal, silent: true },
        )
      ).entries,
    enabled: isOpen,
  });
}
