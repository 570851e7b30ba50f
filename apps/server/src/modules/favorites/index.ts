/**
 * The favorites module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The wishlist, called favorites in the API (docs/glossary.md).
 * Everything else in this folder is private to it.
 */
export { favoritesHandlers } from './favorites.routes';
export { sendWishlistAlerts, type WishlistAlertDeps } from './wishlist-alerts';
export { recordBackInStock, recordPriceDrop } from './wishlist-events';
