import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { type CheckoutDeps, checkout } from './checkout';
import { getOrder, getOrderItem, getOrders, setCodeRedeemed } from './orders.service';

/** Requirements §15 checkout and orders: every call needs a login and sees only the caller's orders. */
export function ordersHandlers(deps: CheckoutDeps, limits: RateLimits) {
  return defineHandlers({
    'orders/checkout': async (input, { user }) => {
      // Card testing with saved cards (decision 007); far above what a shopper needs.
      await limits.consume([['checkoutPerUser', user.id]]);
      return checkout(deps, user, input);
    },
    'orders/getOrders': (input, { user }) => getOrders(deps, user.id, input),
    'orders/getOrder': (input, { user }) => getOrder(deps, user.id, input.orderId),
    'orders/getOrderItem': (input, { user }) => getOrderItem(deps, user.id, input.orderId, input.itemId),
    'orders/setCodeRedeemed': (input, { user }) => setCodeRedeemed(deps, user.id, input),
  });
}
