import Stripe from 'stripe';
import type { PayoutProvider } from './payout-provider';
import { ProviderUnavailableError } from './provider';
import type { StripeApiAddress } from './stripe-provider';

function unavailable(error: unknown): ProviderUnavailableError {
  const message = error instanceof Stripe.errors.StripeError ? `Stripe ${error.type}: ${error.message}` : String(error);
  return new ProviderUnavailableError(message, { cause: error });
}

/**
 * Payouts on Stripe Connect (decision 036): one Express account per seller (created with a key
 * per seller), Account Links for onboarding, and a Transfer per payout with the payout's key and
 * the account as `destination`. Stripe then pays the account out to the seller's bank on its
 * own schedule.
 */
export function createStripePayouts(options: {
  secretKey: string;
  publicUrl: string;
  api?: StripeApiAddress;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}): PayoutProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'Everdeal' },
    ...(options.api ?? {}),
  });

  return {
    name: 'stripe',

    async createAccount({ key, sellerId, email }) {
      try {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            ...(email ? { email } : {}),
            capabilities: { transfers: { requested: true } },
            metadata: { seller_id: String(sellerId) },
          },
          { idempotencyKey: key },
        );
        return { accountRef: account.id };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async onboardingLink({ accountRef, returnPath, refreshPath }) {
      try {
        const link = await stripe.accountLinks.create({
          account: accountRef,
          type: 'account_onboarding',
          return_url: `${options.publicUrl}${returnPath}`,
          refresh_url: `${options.publicUrl}${refreshPath}`,
        });
        return { url: link.url };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async getAccount(accountRef) {
      try {
        const account = await stripe.accounts.retrieve(accountRef);
        return {
          detailsSubmitted: account.details_submitted ?? false,
          payoutsEnabled: account.payouts_enabled ?? false,
        };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async transfer(request) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            destination: request.destination,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.key },
        );
        return { status: 'paid', reference: transfer.id };
      } catch (error) {
        // A refused request (no such account, transfers not enabled, not enough balance) moved
        // nothing; anything else leaves the outcome unknown and the same key is tried again.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', message: `Stripe refused the transfer: ${error.message}` };
        }
        throw unavailable(error);
      }
    },
  };
}
