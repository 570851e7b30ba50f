/**
 * The payouts module's public face (docs/architecture.md "Server modules", decision 036): sellers'
 * connected payout accounts and onboarding, the monthly transfer round, and the sellers' and
 * admins' views of the transfers. Everything else in this folder is private to it.
 */
export { refreshPayoutAccountByRef } from './payout-accounts.service';
export { payoutPeriod } from './payout-period';
export { payoutsHandlers } from './payouts.routes';
export type { PayoutsDeps } from './payouts-deps';
export { type PayoutRoundResult, runPayoutRound } from './transfer-round';
