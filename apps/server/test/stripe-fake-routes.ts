/**
 * The Stripe endpoints the local Stripe fake answers (stripe-fake.ts serves them over HTTP), with
 * the objects it keeps (stripe-fake-shared.ts), one module per Stripe resource. Objects follow the
 * shapes of Stripe's published OpenAPI fixtures (stripe/openapi, openapi/fixtures3.json); the test
 * cards are Stripe's own (docs.stripe.com/testing). Stripe's rules that matter here: a declined
 * confirmation is a 402 card_error carrying the PaymentIntent, a canceled PaymentIntent can no
 * longer be confirmed, a refund never returns more than was received, and only a publishable key's
 * calls are open to the browser (creating a PaymentMethod from a card, as Stripe.js does).
 */
import { customerRoutes } from './stripe-fake-customers';
import { paymentIntentRoutes } from './stripe-fake-payment-intents';
import { refundRoute } from './stripe-fake-refunds';
import type { StripeFailure, StripeRoute, StripeState } from './stripe-fake-shared';

/**
 * The API routes over `state`; `refundRefusal` answers Stripe's refusal of a refund of the
 * intent for a reason kept elsewhere (a dispute, stripe-fake-disputes.ts), or null.
 */
export function stripeRoutes(
  state: StripeState,
  refundRefusal: (intentId: string) => StripeFailure | null = () => null,
): StripeRoute[] {
  return [...customerRoutes(state), ...paymentIntentRoutes(state), refundRoute(state, refundRefusal)];
}
