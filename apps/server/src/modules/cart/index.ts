/**
 * The cart module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The cart (requirements §7).
 * Everything else in this folder is private to it.
 */
export { cartHandlers } from './cart.routes';
