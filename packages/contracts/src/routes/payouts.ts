import {
  AdminPayoutsInputSchema,
  AdminPayoutsSchema,
  PayoutAccountResultSchema,
  PayoutOnboardingInputSchema,
  PayoutOnboardingSchema,
  SellerPayoutsInputSchema,
  SellerPayoutsSchema,
} from '../payouts';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** Payouts that move money (decision 036): the seller's payout account, their transfers, the admin's list. */
export const payoutsRoutes = {
  'seller/startPayoutOnboarding': defineRoute({
    input: PayoutOnboardingInputSchema,
    output: PayoutOnboardingSchema,
    summary:
      'Connect a payout account: creates the seller’s Stripe Express account once, then answers a one-time onboarding link (the sandbox: a local page that enables payouts at once); 503 when the provider does not answer',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/refreshPayoutAccount': defineRoute({
    input: PayoutOnboardingInputSchema,
    output: PayoutAccountResultSchema,
    summary: 'Asks the provider for the payout account’s state now (after onboarding) and answers it',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getPayouts': defineRoute({
    input: SellerPayoutsInputSchema,
    output: SellerPayoutsSchema,
    summary:
      'The payout account’s state, the payable balance, the minimum and the next run, and each monthly transfer (paid, in progress, failed, carried over), newest first',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'admin/getPayouts': defineRoute({
    input: AdminPayoutsInputSchema,
    output: AdminPayoutsSchema,
    summary: 'Every seller’s transfers, newest first, filtered by state or seller, with totals by state',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
} satisfies Record<string, ApiRouteDefinition>;
