/**
 * The sales module's public face (docs/architecture.md "Server modules"): store-wide sale events
 * (decision 042), what the sale is at a moment (read, or kept in memory until it changes) and the
 * price it gives. The catalogue, the cart and checkout price with it; it depends on no other
 * module but the audit log, so all of them may.
 * Everything else in this folder is private to it.
 */

export { createSaleSchedule, type SaleSchedule } from './kept-schedule';
export {
  priceIn,
  type RunningSale,
  readSaleNow,
  type SaleNow,
  saleFor,
  saleTagOf,
} from './sale-schedule';
export { salesHandlers } from './sales.routes';
export type { SalesDeps } from './sales.service';
