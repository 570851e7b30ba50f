import type { CartContents } from '@everdeal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

/**
 * `orders/getCheckoutTotals` (decision 037): the cart's VAT and the total to confirm, computed by
 * the server's checkout functions. Keyed by the cart's lines and prices and its coupon's discount
 * (decision 040), so a changed cart asks again; saving the billing profile clears every entry under
 * `checkout-totals`.
 */
export function useCheckoutTotals(cart: CartContents) {
  const lines = [
    ...cart.items.map((item) => `${item.variantId}x${item.quantity}@${item.price}`),
    ...cart.discounts.map((discount) => `${discount.code}-${discount.amountCents}`),
  ].join(',');
  return useQuery({
    queryKey: [...USER_QUERY_KEY, 'checkout-totals', lines],
    queryFn: () => callApi('orders/getCheckoutTotals', {}, { silent: true }),
  });
}
