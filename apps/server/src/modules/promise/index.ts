/**
 * The lifetime promise's public face (docs/architecture.md "Server modules", decision 031): a
 * seller's sunset with notice, an admin's shutdown, and the job round that pays buyers'
 * protection as store credit, funded by the seller.
 * Everything else in this folder is private to it.
 */
export { promiseHandlers } from './promise.routes';
export type { PromiseDeps } from './promise-deps';
export { runProtectionRound } from './protection';
