import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { accrueCommissions, attributionFor, clickTokenOf } from '../affiliates';
import { checkout } from './checkout';
import type { CheckoutDeps } from './checkout-deps';
import { getCheckoutTotals } from './checkout-totals';
import { claimGift, getGift } from './gift-claims';
import { cancelTransfer, resendGift, transferItem } from './gifts';
import { getOrder, getOrderItem, getOrders, getReceivedItems, setCodeRedeemed } from './orders.service';
import { getOwnedItems } from './owned-items';
import { changePlan } from './plan-change';
import { getPlanOptions } from './plan-change-options';
import { refundItem } from './refunds';
import { cancelSubscription, resumeSubscription } from './subscriptions';

/** Requirements §15 checkout, orders, refunds, plans: every call needs a login and sees only the caller's orders. */
export function ordersHandlers(deps: CheckoutDeps, limits: RateLimits) {
  return defineHandlers({
    'orders/checkout': async (input, { user, request }) => {
      // Card testing with saved cards (decision 007); far above what a shopper needs.
      await limits.consume([['checkoutPerUser', user.id]]);
      // The affiliate of the last `?ref=` link this browser followed (decision 012).
      const attribution = await attributionFor(deps, clickTokenOf(request), user.id);
      const result = await checkout(deps, user, input, attribution);
      if (attribution && result.order.status === 'paid') {
        // At once rather than at the job's next round, so the affiliate's dashboard shows it.
        await accrueCommissions({ ...deps, mail: deps }, result.order.id).catch((error: unknown) =>
          deps.log.error({ err: error, orderId: result.order.id }, 'affiliate commission not accrued; the job retries'),
        );
      }
      return result;
    },
    'orders/getCheckoutTotals': (_input, { user }) => getCheckoutTotals(deps, user.id),
    'orders/getOrders': (input, { user }) => getOrders(deps, user.id, input),
    'orders/getOrder': (input, { user }) => getOrder(deps, user.id, input.orderId),
    'orders/getOrderItem': (input, { user }) => getOrderItem(deps, user.id, input.orderId, input.itemId),
    'orders/getOwnedItems': (input, { user }) => getOwnedItems(deps, user.id, input.productId),
    'orders/setCodeRedeemed': (input, { user }) => setCodeRedeemed(deps, user.id, input),
    // Decision 010: refunds, plan changes and subscriptions of a bought item.
    'orders/refundItem': (input, { user }) => refundItem(deps, user.id, input),
    'orders/getPlanOptions': (input, { user }) => getPlanOptions(deps, user.id, input),
    'orders/changePlan': async (input, { user }) => {
      // An upgrade charges a saved card: counted with checkouts against card testing (decision 007).
      await limits.consume([['checkoutPerUser', user.id]]);
      return changePlan(deps, user.id, input);
    },
    'orders/cancelSubscription': (input, { user }) => cancelSubscription(deps, user.id, input),
    'orders/resumeSubscription': (input, { user }) => resumeSubscription(deps, user.id, input),
    // Decision 043: gifts and license transfers. Offering and resending mail an address the
    // caller chose: limited, as other mail a signed-in user can cause is.
    'orders/transferItem': async (input, { user }) => {
      await limits.consume([['claimMailPerUser', user.id]]);
      return transferItem(deps, user, input);
    },
    'orders/cancelTransfer': (input, { user }) => cancelTransfer(deps, user.id, input),
    'orders/resendGift': async (input, { user }) => {
      await limits.consume([['claimMailPerUser', user.id]]);
      return resendGift(deps, user, input);
    },
    'orders/getGift': (input) => getGift(deps, input.token),
    'orders/claimGift': (input, { user }) => claimGift(deps, user, input.token),
    'orders/getReceivedItems': (_input, { user }) => getReceivedItems(deps, user.id),
  });
}
