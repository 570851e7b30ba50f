import { defineHandlers } from '../../plugins/api';
import { applyCoupon, type CartDeps, changeCart, getCartContents, removeCoupon } from './cart.service';

export function cartHandlers(deps: CartDeps) {
  return defineHandlers({
    'cart/change': (input, { user }) => changeCart(deps, user.id, input),
    'cart/getCartContents': (_input, { user }) => getCartContents(deps, user.id),
    'cart/applyCoupon': (input, { user }) => applyCoupon(deps, user.id, input.code),
    'cart/removeCoupon': (_input, { user }) => removeCoupon(deps, user.id),
  });
}
