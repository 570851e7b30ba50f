import { defineHandlers } from '../../plugins/api';
import { type CartDeps, changeCart, getCartContents } from './cart.service';

export function cartHandlers(deps: CartDeps) {
  return defineHandlers({
    'cart/change': (input, { user }) => changeCart(deps, user.id, input),
    'cart/getCartContents': (_input, { user }) => getCartContents(deps, user.id),
  });
}
