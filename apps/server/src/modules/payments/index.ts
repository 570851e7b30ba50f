/**
 * The payments module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Payment methods and the one payment provider interface (decision 007): sandbox or Stripe;
 * payouts to sellers' connected accounts through the same provider (decision 036).
 * Everything else in this folder is private to it.
 */
export { dropCardThatNeverPaid, makePaidCardDefault } from './card-after-payment';
export { paymentsHandlers } from './payments.routes';
export type { PayoutAccountState, PayoutProvider, TransferOutcome, TransferRequest } from './payout-provider';
export {
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderDispute,
  ProviderUnavailableError,
} from './provider';
export { createPaymentProvider, createPayoutProvider } from './providers';
export { registerSandboxOnboarding } from './sandbox-payouts';
export { registerStripeWebhook } from './stripe-webhook';
