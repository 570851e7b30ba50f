/**
 * Refunds in the local Stripe fake. Stripe's rule that matters here: a refund never returns more
 * than the PaymentIntent received.
 */
import {
  invalid,
  requireIntent,
  type StripeFailure,
  type StripeRoute,
  type StripeState,
  stripeId,
  unixNow,
} from './stripe-fake-shared';

/**
 * The refund route over `state`; `refundRefusal` answers Stripe's refusal of a refund of the
 * intent for a reason kept elsewhere (a dispute, stripe-fake-disputes.ts), or null.
 */
export function refundRoute(
  state: StripeState,
  refundRefusal: (intentId: string) => StripeFailure | null,
): StripeRoute {
  const { refunds } = state;
  return {
    // Refunds of a succeeded PaymentIntent, partial or whole, never more than it received.
    method: 'POST',
    key: 'secret',
    path: /^\/v1\/refunds$/,
    handle(params) {
      const intent = requireIntent(state, String(params.payment_intent ?? ''));
      if (intent.status !== 'succeeded') {
        throw invalid(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'charge_not_refundable',
        );
      }
      const refusal = refundRefusal(String(intent.id));
      if (refusal) throw refusal;
      const received = Number(intent.amount_received ?? 0);
      const refunded = Number(intent.amount_refunded ?? 0);
      const amount = params.amount === undefined ? received - refunded : Number(params.amount);
      if (refunded >= received) {
        throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, 'charge_already_refunded');
      }
      if (amount > received - refunded) {
        throw invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((received - refunded) / 100).toFixed(2)})`,
          'amount_too_large',
        );
      }
      intent.amount_refunded = refunded + amount;
      const refund = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        charge: intent.latest_charge,
        created: unixNow(),
        currency: intent.currency,
        metadata: params.metadata ?? {},
        payment_intent: intent.id,
        reason: params.reason ?? null,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return refund;
    },
  };
}
