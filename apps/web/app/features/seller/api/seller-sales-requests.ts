import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { saveTextFile } from '~/lib/save-file';
import type { SalesFilterParams } from '../sales-format';
import { SELLER_KEY } from './seller-requests';

// The seller's sold items, the CSV of pending sales and a plan's unsold codes (requirements §13,
// decision 024).

export function useSellerSalesList(sellerId: number, filter: SalesFilterParams) {
  return useQuery({
    queryKey: [...SELLER_KEY, 'sales-list', sellerId, filter],
    queryFn: ({ signal }) => callApi('seller/getSalesList', { sellerId, ...filter }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Fetches the pending sales as CSV text and saves it under the server's file name and type. */
export async function downloadPendingSales(sellerId: number): Promise<number> {
  const file = await callApi('seller/getPendingSalesCsv', { sellerId });
  saveTextFile(file.csv, file.filename, file.contentType);
  return file.count;
}

const codesKey = (planId: number) => [...SELLER_KEY, 'plan-codes', planId] as const;

export function usePlanCodes(planId: number, page: number) {
  return useQuery({
    queryKey: [...codesKey(planId), page],
    queryFn: ({ signal }) => callApi('seller/getPlanCodes', { planId, page }, { signal }),
    placeholderData: keepPreviousData,
    // A 404 (not one of the caller's plans) is an answer, not worth three retries.
    retry: false,
  });
}

export function revealCode(planId: number, codeId: number) {
  return callApi('seller/revealCode', { planId, codeId }, { silent: true });
}

/** Removes codes; the list, the product's stock and the dashboard are read again after. */
export function useRemoveCodes(planId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeIds: number[]) => callApi('seller/removeCodes', { planId, codeIds }, { silent: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: codesKey(planId) });
      void queryClient.invalidateQueries({ queryKey: [...SELLER_KEY, 'product'] });
      void queryClient.invalidateQueries({ queryKey: [...SELLER_KEY, 'dashboard'] });
    },
  });
}
