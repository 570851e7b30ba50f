import type {
  ApiInput,
  CodeUploadReport,
  ImageUploadResult,
  SellerDashboard,
  SellerProduct,
  SellerProductResult,
} from '@everdeal/contracts';
import { CODES_UPLOAD_TIMEOUT_MS } from '@everdeal/contracts/seller-rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { saveTextFile } from '~/lib/save-file';
import { useMayFetchUserData } from '~/shared/session/session-provider';
import { type UploadProgress, uploadWithProgress } from './upload-with-progress';

// The seller area's calls (requirements §13, decision 014). Everything a seller sees is their
// own data: under USER_QUERY_KEY, so signing out or a 401 drops it.

export const SELLER_KEY = [...USER_QUERY_KEY, 'seller'] as const;
const sellersKey = [...SELLER_KEY, 'sellers'] as const;
const dashboardKey = (sellerId: number) => [...SELLER_KEY, 'dashboard', sellerId] as const;
const productKey = (productId: number) => [...SELLER_KEY, 'product', productId] as const;

/** The caller's sellers; an empty list for a user who was not approved yet. */
export function useMySellers() {
  const mayFetch = useMayFetchUserData();
  return useQuery({
    queryKey: sellersKey,
    queryFn: ({ signal }) => callApi('seller/getMySellers', {}, { signal }),
    enabled: mayFetch,
  });
}

export function useSellerDashboard(sellerId: number | null) {
  return useQuery({
    queryKey: dashboardKey(sellerId ?? 0),
    queryFn: ({ signal }) => callApi('seller/getDashboard', { sellerId: sellerId ?? 0 }, { signal }),
    enabled: sellerId !== null,
  });
}

/**
 * A product in or out of store-wide sales (decision 042), shown switched at once and put back
 * when the server refuses (the API client toasts why).
 */
export function useSetSaleOptOut(sellerId: number) {
  const queryClient = useQueryClient();
  const key = dashboardKey(sellerId);
  const flip = (productId: number, optOut: boolean) =>
    queryClient.setQueryData<SellerDashboard>(key, (dashboard) =>
      dashboard
        ? {
            ...dashboard,
            products: dashboard.products.map((product) =>
              product.id === productId ? { ...product, saleOptOut: optOut } : product,
            ),
          }
        : dashboard,
    );
  return useMutation({
    mutationFn: (input: { productId: number; optOut: boolean }) => callApi('seller/setSaleOptOut', input),
    onMutate: async ({ productId, optOut }) => {
      await queryClient.cancelQueries({ queryKey: key });
      flip(productId, optOut);
    },
    onError: (_error, { productId, optOut }) => flip(productId, !optOut),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSellerProduct(productId: number) {
  return useQuery({
    queryKey: productKey(productId),
    queryFn: async ({ signal }) => (await callApi('seller/getProduct', { productId }, { signal })).product,
    // A 404 (not one of the caller's) is an answer, not worth three retries.
    retry: false,
  });
}

/**
 * Puts a product answer in the cache and marks the dashboards stale. Two changes made close
 * together (save the page, then upload a logo at once) may answer out of order, and the older
 * answer would hide the newer change: an answer older than the cached product is not shown, and
 * the product is fetched again either way, so what shows in the end is what the server holds.
 */
function useProductAnswer() {
  const queryClient = useQueryClient();
  return (product: SellerProduct) => {
    queryClient.setQueryData<SellerProduct>(productKey(product.id), (cached) =>
      cached && Date.parse(cached.updatedAt) > Date.parse(product.updatedAt) ? cached : product,
    );
    void queryClient.invalidateQueries({ queryKey: productKey(product.id) });
    void queryClient.invalidateQueries({ queryKey: [...SELLER_KEY, 'dashboard'] });
  };
}

export function useCreateProduct() {
  const remember = useProductAnswer();
  return useMutation({
    mutationFn: (input: ApiInput<'seller/createProduct'>) => callApi('seller/createProduct', input, { silent: true }),
    onSuccess: ({ product }) => remember(product),
  });
}

type ProductCall =
  | 'seller/updateProduct'
  | 'seller/submitProduct'
  | 'seller/withdrawProduct'
  | 'seller/savePlan'
  | 'seller/deletePlan';

/** Any call that answers the product: its answer replaces the cached one. */
export function useProductMutation<P extends ProductCall>(path: P, options: { silent?: boolean } = {}) {
  const remember = useProductAnswer();
  return useMutation({
    mutationFn: async (input: ApiInput<P>): Promise<SellerProduct> =>
      ((await callApi(path, input, { silent: options.silent ?? false })) as SellerProductResult).product,
    onSuccess: remember,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => callApi('seller/deleteProduct', { productId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SELLER_KEY }),
  });
}

/** The description as the product page will render it (the server's own renderer). */
export function useMarkdownPreview(markdown: string) {
  return useQuery({
    queryKey: [...SELLER_KEY, 'preview', markdown],
    queryFn: async ({ signal }) =>
      (await callApi('seller/previewMarkdown', { markdown }, { signal, silent: true })).html,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUploadImage() {
  const remember = useProductAnswer();
  return useMutation({
    mutationFn: async (input: { productId: number; kind: 'logo' | 'gallery'; file: File; alt?: string }) => {
      const result = await uploadWithProgress<ImageUploadResult>(
        'seller/uploadImage',
        { productId: String(input.productId), kind: input.kind, alt: input.alt ?? '' },
        { field: 'image', blob: input.file, name: input.file.name },
        { timeoutMs: 60_000 },
      );
      return result.product;
    },
    onSuccess: remember,
  });
}

/** Streams a CSV of codes to a plan, reporting how much was sent. */
export function useUploadCodes(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: number; file: File; onProgress: (progress: UploadProgress) => void }) =>
      uploadWithProgress<CodeUploadReport>(
        'seller/uploadCodes',
        { planId: String(input.planId) },
        { field: 'codes', blob: input.file, name: input.file.name },
        { timeoutMs: CODES_UPLOAD_TIMEOUT_MS, onProgress: input.onProgress },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: productKey(productId) });
      void queryClient.invalidateQueries({ queryKey: [...SELLER_KEY, 'dashboard'] });
    },
  });
}

export function useSellerQuestions(sellerId: number, page: number) {
  return useQuery({
    queryKey: [...SELLER_KEY, 'questions', sellerId, page],
    queryFn: ({ signal }) => callApi('seller/getQuestions', { sellerId, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnswerQuestion(sellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId: number; body: string }) => callApi('questions/answerQuestion', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...SELLER_KEY, 'questions', sellerId] }),
  });
}

export function useSellerReviews(sellerId: number, page: number) {
  return useQuery({
    queryKey: [...SELLER_KEY, 'reviews', sellerId, page],
    queryFn: ({ signal }) => callApi('seller/getReviews', { sellerId, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReplyToReview(sellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewId: number; body: string }) => callApi('reviews/replyToReview', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...SELLER_KEY, 'reviews', sellerId] }),
  });
}

export function usePostUpdate() {
  return useMutation({
    mutationFn: (input: { productId: number; title: string; body: string }) => callApi('updates/postUpdate', input),
  });
}

export function useSellerSales(sellerId: number) {
  return useQuery({
    queryKey: [...SELLER_KEY, 'sales', sellerId],
    queryFn: ({ signal }) => callApi('seller/getSales', { sellerId }, { signal }),
  });
}

/** Fetches a month's statement and hands it to the browser as a CSV download. */
export async function downloadStatement(sellerId: number, month: string): Promise<void> {
  const statement = await callApi('seller/getStatement', { sellerId, month });
  saveTextFile(statement.csv, statement.filename, 'text/csv;charset=utf-8');
}

/** The store's categories, for the product form's picker. */
export function useCategories() {
  return useQuery({
    queryKey: ['seller-categories'],
    queryFn: async ({ signal }) => (await callApi('products/getCategories', {}, { signal })).categories,
    staleTime: 5 * 60_000,
  });
}

/**
 * `seller/announceSunset` (decision 031): its refusals (too little notice, a second announcement)
 * are shown beside the form, not toasted; the product is fetched again with its new promise.
 */
export function useAnnounceSunset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'seller/announceSunset'>) => callApi('seller/announceSunset', input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SELLER_KEY }),
  });
}
