// Paths of the purchase pages (requirements §2), apart from paths.ts: the catalogue pages import
// that module on every first load, and these are needed only by the cart, checkout and account.

/** The shopper's purchases (requirements §2): the list, one bought item, the page after paying. */
export const ORDERS_PATH = '/user/orders';
export const orderItemPath = (orderId: string, itemId: string) =>
  `/order/${encodeURIComponent(orderId)}/${encodeURIComponent(itemId)}`;
/** The page of a mailed gift or transfer link (decision 043). */
export const GIFT_CLAIM_PATH = '/gift/claim';
export const giftClaimPath = (token: string) => `${GIFT_CLAIM_PATH}?token=${encodeURIComponent(token)}`;
export const paymentSuccessPath = (orderId: string) => `/payment/success?order=${encodeURIComponent(orderId)}`;

/** Saved cards: the stand-alone page and its twin inside the account area (requirements §2). */
export const PAYMENT_METHODS_PATH = '/payment-methods';
export const USER_PAYMENT_METHODS_PATH = '/user/payment-methods';

/** The cart's checkout step (the cart page with the payment form open). */
export const CHECKOUT_PATH = '/cart?step=checkout';

/** The shopper's store credit in the account area (decision 030), and one page of its history. */
export const USER_CREDIT_PATH = '/user/credit';
export const userCreditPath = (page: number) => (page > 1 ? `${USER_CREDIT_PATH}?page=${page}` : USER_CREDIT_PATH);
