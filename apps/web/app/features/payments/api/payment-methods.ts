import type { AddPaymentMethodInput, PaymentMethod, PaymentMethodList } from '@everdeal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// Saved cards are the user's data: under USER_QUERY_KEY, dropped on sign-out or a 401.
export const PAYMENT_METHODS_KEY = [...USER_QUERY_KEY, 'payments', 'methods'] as const;
const PAYMENT_CONFIG_KEY = ['payments', 'config'] as const;

export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: PAYMENT_METHODS_KEY,
    queryFn: ({ signal }) => callApi('payments/getPaymentMethods', {}, { signal }),
    select: (list: PaymentMethodList) => list.paymentMethods,
  });
}

/** The signed-in user's saved cards, the default first; nothing (and no request) for a visitor. */
export function usePaymentMethods() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({ ...paymentMethodsQueryOptions(), enabled: mayFetch });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/**
 * Reads the saved cards again and answers them (undefined when they could not be read): after a
 * refused payment, whose card the server may have removed (decision 007, "Saved cards after a
 * payment"), or removed in another tab meanwhile.
 */
export function useRefreshPaymentMethods() {
  const queryClient = useQueryClient();
  return async (): Promise<PaymentMethod[] | undefined> => {
    await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
    const state = queryClient.getQueryState<PaymentMethodList>(PAYMENT_METHODS_KEY);
    return state?.status === 'success' && !state.isInvalidated ? state.data?.paymentMethods : undefined;
  };
}

/** Which provider collects cards (the sandbox form or Stripe.js); it cannot change while the page lives. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: PAYMENT_CONFIG_KEY,
    queryFn: ({ signal }) => callApi('payments/getPaymentConfig', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The list as the server keeps it: one default, the default first, then newest first. */
function withSaved(list: PaymentMethodList | undefined, saved: PaymentMethod): PaymentMethodList | undefined {
  if (!list) return list;
  const others = list.paymentMethods
    .filter((method) => method.id !== saved.id)
    .map((method) => (saved.isDefault ? { ...method, isDefault: false } : method));
  const ordered = saved.isDefault
    ? [saved, ...others]
    : [...others.filter((m) => m.isDefault), saved, ...others.filter((m) => !m.isDefault)];
  return { paymentMethods: ordered };
}

/**
 * `payments/addPaymentMethod`, silent: the card form shows a refusal under its field (a Luhn
 * failure, a past expiry) or above its button, not in a toast that vanishes.
 */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPaymentMethodInput) => callApi('payments/addPaymentMethod', input, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PaymentMethodList>(PAYMENT_METHODS_KEY, (list) => withSaved(list, saved));
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
    },
  });
}

/** Remove a card; the client toasts a failure. The server picks the next default, so the list is fetched again. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('payments/removePaymentMethod', { id }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<PaymentMethodList>(PAYMENT_METHODS_KEY, (list) =>
        list ? { paymentMethods: list.paymentMethods.filter((method) => method.id !== id) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
    },
  });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('payments/setDefaultPaymentMethod', { id }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PaymentMethodList>(PAYMENT_METHODS_KEY, (list) => withSaved(list, saved));
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
    },
  });
}
