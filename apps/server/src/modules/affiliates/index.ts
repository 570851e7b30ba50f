/**
 * The affiliates module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Affiliates (decision 012): `?ref=` clicks, the attribution an order takes, and commissions.
 * Everything else in this folder is private to it.
 */
export { affiliatesHandlers } from './affiliates.routes';
export { type Attribution, attributionFor } from './affiliates.service';
export { accrueCommissions, type CommissionDeps, reverseCommissionOfItem, runCommissionRound } from './commissions';
export { clickTokenOf, registerReferralClicks } from './referral-clicks';
