// Public surface of the cart feature: routes and the app shell import from here.
export { CART_POPUP_MESSAGE, CartPopup } from './cart-popup';
export { CartSkeleton } from './cart-skeleton';
export { CartView, CHECKOUT_NOTE } from './cart-view';
export { QuantityStepper } from './quantity-stepper';
