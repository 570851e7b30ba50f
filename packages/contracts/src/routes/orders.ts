import { EmptyInputSchema } from '../auth';
import {
  GiftPreviewResultSchema,
  GiftTokenInputSchema,
  ReceivedItemsSchema,
  ResendGiftInputSchema,
  TransferItemInputSchema,
} from '../gifts';
import {
  ChangePlanInputSchema,
  ChangePlanResultSchema,
  PlanOptionsResultSchema,
  RefundItemInputSchema,
} from '../item-changes';
import {
  CheckoutInputSchema,
  CheckoutResultSchema,
  CheckoutTotalsSchema,
  GetOrderInputSchema,
  GetOrdersInputSchema,
  GetOwnedItemsInputSchema,
  OrderItemRefInputSchema,
  OrderItemResultSchema,
  OrderListSchema,
  OrderResultSchema,
  OwnedItemsSchema,
  SetCodeRedeemedInputSchema,
} from '../orders';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** Checkout and what a shopper does with a bought item (requirements §11): codes, refunds, plan changes, subscriptions. */
export const ordersRoutes = {
  'orders/checkout': defineRoute({
    input: CheckoutInputSchema,
    output: CheckoutResultSchema,
    summary:
      'Turn the cart into one order paid with a saved card, one license code per unit; 402 declined, 409 sold out, the same idempotencyKey answers the first result',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getCheckoutTotals': defineRoute({
    input: EmptyInputSchema,
    output: CheckoutTotalsSchema,
    summary:
      'What checkout would charge for the cart now: the price, the VAT of the billing country (or the reverse charge) and the total to confirm as expectedTotal',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOrders': defineRoute({
    input: GetOrdersInputSchema,
    output: OrderListSchema,
    summary: 'The signed-in user’s paid and pending orders with their items, newest first',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOrder': defineRoute({
    input: GetOrderInputSchema,
    output: OrderResultSchema,
    summary: 'One of the signed-in user’s orders; 404 for anyone else’s',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOrderItem': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'One bought item with its codes, redemption link and refund deadline; 404 for anyone else’s',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOwnedItems': defineRoute({
    input: GetOwnedItemsInputSchema,
    output: OwnedItemsSchema,
    summary:
      'The caller’s active items of one product (which plan, where to manage it), newest first; none for a product they do not hold',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/setCodeRedeemed': defineRoute({
    input: SetCodeRedeemedInputSchema,
    output: OrderItemResultSchema,
    summary: 'Mark one of an item’s codes redeemed (or not); answers the item',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/refundItem': defineRoute({
    input: RefundItemInputSchema,
    output: OrderItemResultSchema,
    summary:
      'Refund an item inside its refund window: its full amount back through the provider, its codes revoked; optionally why (a reason and a note of at most 500 characters, kept with the refund); 409 outside the window, after 3 refunds in 30 days, or while another change runs',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getPlanOptions': defineRoute({
    input: OrderItemRefInputSchema,
    output: PlanOptionsResultSchema,
    summary: 'The other plans of a bought item’s product, with what changing to each charges or refunds',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/changePlan': defineRoute({
    input: ChangePlanInputSchema,
    output: ChangePlanResultSchema,
    summary:
      'Move a bought item to another plan of its product: an upgrade charges the difference, a downgrade inside the refund window refunds it; new codes replace the old',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/cancelSubscription': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'End a subscription at the end of its paid period instead of renewing it',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/resumeSubscription': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'Take back a cancellation before the period ends: the subscription renews again',
    tag: 'orders',
    requiresAuth: true,
  }),
  // Gifts and license transfers (decision 043).
  'orders/transferItem': defineRoute({
    input: TransferItemInputSchema,
    output: OrderItemResultSchema,
    summary:
      'Offer an active, unredeemed lifetime item to another person: mails them a claim link (claimed with orders/claimGift); the codes are hidden from the caller until it is canceled; an item moves once',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/cancelTransfer': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'Take back an unclaimed transfer: its link stops working and the codes are the caller’s again',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/resendGift': defineRoute({
    input: ResendGiftInputSchema,
    output: OrderItemResultSchema,
    summary:
      'Mail an unclaimed gift’s or transfer’s claim link again, to a corrected address if `email` is given: a new link valid 30 days, the old one stops working (rate-limited)',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getGift': defineRoute({
    input: GiftTokenInputSchema,
    output: GiftPreviewResultSchema,
    summary:
      'What a claim link offers (who sent which item, their note) and whether it can still be claimed; 404 for a link that is not valid',
    tag: 'orders',
  }),
  'orders/claimGift': defineRoute({
    input: GiftTokenInputSchema,
    output: OrderItemResultSchema,
    summary:
      'Claim a gift or transfer with its mailed link, signed in as anyone but the giver: the item and its codes become the caller’s; once per link, 409 when claimed, expired or refunded',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getReceivedItems': defineRoute({
    input: EmptyInputSchema,
    output: ReceivedItemsSchema,
    summary: 'Items the signed-in user claimed from others (gifts and transfers), with their codes',
    tag: 'orders',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
