import type { Db } from '@everdeal/db';
import type { Config } from '../../plugins/config';
import type { PayoutProvider } from './payout-provider';
import type { PaymentProvider } from './provider';
import { createSandboxPayouts } from './sandbox-payouts';
import { createSandboxProvider } from './sandbox-provider';
import { createStripePayouts } from './stripe-payouts';
import { createStripeProvider } from './stripe-provider';

/** The provider `PAYMENT_PROVIDER` names (requirements §16); loadConfig already required Stripe's keys. */
export function createPaymentProvider(config: Config, deps: { db: Db; now: () => Date }): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe');
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      ...(config.stripeApi ? { api: config.stripeApi } : {}),
    });
  }
  return createSandboxProvider(deps);
}

/** Payouts to sellers through the same provider (decision 036): Stripe Connect, or the sandbox's. */
export function createPayoutProvider(config: Config, deps: { db: Db; now: () => Date }): PayoutProvider {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe');
    return createStripePayouts({
      secretKey: config.stripeSecretKey,
      publicUrl: config.publicUrl,
      ...(config.stripeApi ? { api: config.stripeApi } : {}),
    });
  }
  return createSandboxPayouts(deps);
}
