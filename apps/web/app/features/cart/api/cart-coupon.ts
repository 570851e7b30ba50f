import type { CartContents } from '@everdeal/contracts';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { CART_QUERY_KEY } from './get-cart-contents';

/**
 * The cart's coupon (decision 040): applying answers the cart with its discount, or a 400 whose
 * message says why the code does not apply; the form shows that message under the field, so the
 * call is silent.
 */
export function useCartCoupon() {
  const queryClient = useQueryClient();
  const paint = (cart: CartContents) => queryClient.setQueryData(CART_QUERY_KEY, cart);
  const apply = useMutation({
    mutationFn: (code: string) =>
      callApi('cart/applyCoupon', { code }, { fallbackMessage: ShoppingErrorMessage.applyCoupon, silent: true }),
    onSuccess: paint,
  });
  const remove = useMutation({
    mutationFn: () => callApi('cart/removeCoupon', {}, { fallbackMessage: ShoppingErrorMessage.removeCoupon }),
    onSuccess: paint,
  });
  return { apply, remove };
}
