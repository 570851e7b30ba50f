import { MAX_CODES_PER_PLAN, MAX_PASSWORD_LENGTH } from './constants';

// Verbatim texts of the specification (§5 validation, §8 error catalogue). Server defaults and
// client toasts both read them from here so the two ends can never drift apart.

export const HttpErrorMessage = {
  400: 'Invalid request data',
  401: 'User not logged in',
  // 402 and 409 are checkout's (requirements §15: a declined card, a sold-out plan); the server
  // always sends its own message with them, these are only the defaults.
  402: 'Payment failed',
  403: 'You do not have permission to perform this action',
  404: 'Requested resource not found',
  409: 'This request conflicts with the current state',
  422: 'Data validation failed',
  429: 'Too many requests, please try again later',
  500: 'Server error, please try again later',
  503: 'Server error, please try again later',
} as const;

export type HttpErrorStatus = keyof typeof HttpErrorMessage;

export const ClientErrorMessage = {
  serverError: 'Server error, please try again later',
  unexpected: 'An unexpected error occurred',
  network: 'Network error, please check your connection',
  // §8: the last fallback of the error toast is a Chinese "operation failed".
  operationFailed: '操作失败',
} as const;

export const ValidationMessage = {
  loginIncomplete: 'Please fill in complete email and password',
  forgotEmailRequired: 'Please enter your email address',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  /** A name or occupation over its length limit. */
  tooLong: (max: number) => `Must be at most ${max} characters`,
  passwordHint: 'Passwords must be at least 8 characters.',
  required: 'This field is required',
  minLength: (n: number) => `Minimum length is ${n} characters`,
  passwordsMismatch: 'Passwords do not match',
  invalidFormat: 'Invalid format',
  quantityNegative: 'Quantity cannot be negative',
} as const;

export const NotFoundPageText = {
  title: 'Page not found',
  body: 'The page you are looking for was moved, removed or might never existed.',
  button: 'Go to Homepage',
} as const;

export const CART_QUANTITY_LIMIT_MESSAGE = `You can buy at most ${MAX_CODES_PER_PLAN} codes of one plan`;

/** The server's own messages for cart, favorite and upvote failures (more specific than §8's defaults). */
export const ShoppingMessage = {
  productOrPlanNotFound: 'Product or plan not found',
  dealNotPurchasable: 'This deal is not available for purchase',
  planSoldOut: 'This plan is sold out',
  currencyNotSupported: 'This plan is priced in a currency the cart does not take',
} as const;

/** Requirements §8 defaults for a non-zero code, per call. */
export const ShoppingErrorMessage = {
  cartChange: 'Failed to update cart quantity',
  cartContents: 'Failed to get cart contents',
  applyCoupon: 'Failed to apply the coupon',
  removeCoupon: 'Failed to remove the coupon',
  getFavorites: 'Failed to get user favorites',
  addFavorite: 'Failed to add to favorites',
  removeFavorite: 'Failed to remove from favorites',
  checkFavorite: 'Failed to check favorite status',
  getUpvotes: 'Failed to get user upvotes',
  addUpvote: 'Failed to add upvote',
  removeUpvote: 'Failed to remove upvote',
  checkUpvote: 'Failed to check upvote status',
} as const;

/** Payment methods and payments (requirements §11, §15); card-entry messages are in card.ts. */
export const PaymentMessage = {
  // Verbatim from requirements §11.
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  paymentMethodNotFound: 'Payment method not found',
  paymentMethodUnusable: 'This payment method can no longer be used. Please choose another one.',
  tooManyPaymentMethods: (max: number) => `You can save at most ${max} payment methods`,
  cardOrTokenRequired: 'Enter a card (card) or a token from the payment form (providerToken), not both',
  cardEntryNotAccepted: 'Card details must be entered through the payment form',
  tokenNotAccepted: 'Enter the card details: this store does not take payment tokens',
  providerUnavailable: 'The payment provider did not answer. Please try again: you will not be charged twice.',
  // Decision 007: the checkout page's words for a saved card gone meanwhile, where the API answers 404.
  cardNoLongerSaved: 'That card is no longer saved to your account. Enter another card to pay.',
} as const;

/** Checkout and orders (requirements §11, §15). */
export const OrderMessage = {
  // Verbatim from requirements §15.
  cartEmpty: 'Your cart is empty',
  soldOut: (product: string, plan: string) => `${product} (${plan}) is sold out`,
  notEnoughCodes: (product: string, plan: string, left: number) =>
    `Only ${left} ${left === 1 ? 'code' : 'codes'} of ${product} (${plan}) ${left === 1 ? 'is' : 'are'} left`,
  notPurchasable: (product: string) => `${product} is not available for purchase`,
  currencyNotSupported: (product: string) => `${product} is priced in a currency the store does not take`,
  // Decision 014, "Prices": no plan is free; one priced 0 before that rule is not sold.
  planWithoutPrice: (product: string, plan: string) =>
    `${product} (${plan}) has no price yet and cannot be bought. Please try again later.`,
  idempotencyKeyReused: 'This idempotency key was already used for a different checkout',
  // A cart checks out once (decision 007): another request for it is paying or has paid.
  checkoutInProgress:
    'A payment for this cart is already in progress. You were not charged again; check your orders before paying again.',
  cartChanged: 'Your cart changed while you were paying. You were not charged; please review your cart.',
  // Decision 021: the shopper pays what they were shown, or nothing.
  priceChanged: (product: string, plan: string, from: string, to: string) =>
    `The price of ${product} (${plan}) changed from ${from} to ${to}. You were not charged; please review your cart.`,
  refundWindowChanged: (product: string, plan: string, from: string, to: string) =>
    `The refund terms of ${product} (${plan}) changed from ${from} to ${to}. You were not charged; please review your cart.`,
  totalChanged: (from: string, to: string) =>
    `Your total changed from ${from} to ${to}. You were not charged; please review your cart.`,
  checkoutExpired: 'This checkout expired before the payment went through. You were not charged; please try again.',
  orderNotFound: 'Order not found',
  orderItemNotFound: 'Order item not found',
  codeNotFound: 'License code not found',
  // Decision 030: store credit pays first; a remainder needs a card.
  cardNeededForRest: (credit: string, rest: string) =>
    `Your store credit covers ${credit} of this order. Choose a card to pay the remaining ${rest}.`,
  rebuyBlocked: (product: string) =>
    `You refunded ${product} in the last 24 hours. You can buy it again 24 hours after the refund.`,
} as const;

/** Refunds, plan changes and subscriptions on the order item page (requirements §11, decision 010). */
export const RefundMessage = {
  noRefunds: (product: string) => `${product} does not offer refunds.`,
  windowEnded: (until: string) => `The refund window of this item ended on ${until}.`,
  alreadyRefunded: 'This item has already been refunded.',
  chargedBack:
    'The payment of this item was disputed with the card issuer and taken back, so it cannot be refunded or changed.',
  notActive: 'Only an active item can be refunded or changed.',
  changeInProgress: 'Another change to this item is in progress. Please try again in a moment.',
  tooManyRefunds: (max: number, days: number) =>
    `You have made ${max} refunds in the last ${days} days. Please open a support ticket and we will look at this refund with you.`,
  refundFailed: 'The payment provider could not refund this item. Please open a support ticket.',
  samePlan: 'This item is already on that plan.',
  notSameProduct: 'That plan belongs to another product.',
  kindMismatch: 'A lifetime plan and a subscription cannot be swapped; buy the other plan instead.',
  downgradeAfterWindow: (until: string) =>
    `Downgrades are refunded only inside the refund window, which ended on ${until}.`,
  downgradeNoRefunds: 'This deal takes no refunds, so it cannot be downgraded.',
  planSoldOut: (plan: string) => `${plan} is sold out.`,
  paymentMethodRequired: 'Choose a saved card to pay the difference.',
  idempotencyKeyReused: 'This idempotency key was already used for a different plan change',
  notSubscription: 'Only a subscription can be canceled or resumed.',
  subscriptionEnded: 'This subscription has ended.',
} as const;

/** Coupons (decision 040): why a code is refused, and the checks of a new one. */
export const CouponMessage = {
  codeFormat: 'must be 3 to 32 letters, digits, "-" or "_"',
  oneDiscount: 'Give exactly one of percentOff and amountOffCents',
  startsBeforeEnds: 'The coupon must start before it ends',
  sellerNeedsProducts: 'A seller’s coupon must name its products',
  duplicateCode: 'A coupon with this code already exists',
  unknown: 'This coupon code does not exist',
  notStarted: 'This coupon is not valid yet',
  ended: 'This coupon has expired',
  usedUp: 'This coupon has been used up',
  perUserLimit: 'You have already used this coupon as many times as it allows',
  appliesToNothing: 'This coupon does not apply to anything in your cart',
  productNotFound: 'Product not found',
  oneSeller: 'A coupon discounts the products of one seller: create one per seller',
  deactivated: 'This coupon is no longer active',
  notFound: 'Coupon not found',
  nothingToChange:
    'Give at least one of startsAt, endsAt, maxUses and maxUsesPerUser: a coupon’s code, discount and products cannot change',
  maxUsesBelowUses: (uses: number) =>
    `maxUses cannot be below the ${uses} ${uses === 1 ? 'use' : 'uses'} already taken`,
  /** Checkout: the coupon stopped applying since the cart was shown; nothing was charged. */
  noLongerApplies: (reason: string) => `${reason}: nothing was charged, check your cart`,
} as const;

/** Gifts and license transfers (decision 043): the refusals of checkout, transfer, claim and refund. */
export const GiftMessage = {
  notGiftable: (product: string) => `${product} is a subscription: only lifetime deals can be given or transferred.`,
  toSelf: 'This is your own e-mail address: a gift or a transfer goes to someone else.',
  linkInvalid: 'This gift link is not valid. Open the whole link from the e-mail, or ask the sender to send it again.',
  linkExpired: 'This gift link has expired. Ask the sender to send it again.',
  alreadyClaimed: 'This gift has already been claimed.',
  ownGift: 'You sent this item: the link is for the person you gave it to.',
  noLongerAvailable: 'This item is no longer available: it was refunded or taken back.',
  changeInProgress: 'A refund or plan change of this item is in progress. Try again when it is done.',
  notActive: 'Only an active item can be given or transferred.',
  redeemed: 'A code of this item was marked redeemed, so the item can no longer be transferred.',
  movesOnce: 'This item was already given or transferred once: an item moves only once.',
  alreadyOffered: 'This item is already waiting for its recipient to claim it.',
  nothingPending: 'This item has no gift or transfer waiting to be claimed.',
  giftNotCancelable: 'A gift cannot be taken back: refund it instead, while it is unclaimed.',
  claimedNoRefund: (date: string) => `The recipient claimed this item on ${date}, so it can no longer be refunded.`,
  pendingNoPlanChange: 'Cancel the transfer before changing the plan of this item.',
  movedNoPlanChange: 'This item was given or transferred, so its plan cannot be changed.',
  heldElsewhere: 'This item now belongs to the person who claimed it.',
} as const;

/** Sale events (decision 042): the checks of a new sale, and why one cannot be ended. */
export const SaleMessage = {
  nameRequired: 'Give the sale a name',
  nameTooLong: 'The name can be at most 80 characters',
  percentRange: 'must be a whole number from 1 to 90',
  startsBeforeEnds: 'The sale must start before it ends',
  endsInPast: 'The sale must end in the future',
  overlaps: (name: string) => `This sale overlaps “${name}”: two sales cannot run at the same time`,
  notFound: 'Sale not found',
  alreadyOver: 'This sale is already over',
  runningKeepsTerms: 'A running sale keeps its start and its percentage: end it and schedule another',
} as const;
