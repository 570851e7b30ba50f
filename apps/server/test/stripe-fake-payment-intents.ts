/**
 * PaymentIntents in the local Stripe fake: created for a customer's saved card, confirmed (the
 * test card decides the outcome), canceled, read and listed. Stripe's rules that matter here: a
 * declined confirmation is a 402 card_error carrying the PaymentIntent, and a canceled
 * PaymentIntent can no longer be confirmed.
 */
import { randomBytes } from 'node:crypto';
import {
  invalid,
  type Json,
  missing,
  requireIntent,
  StripeFailure,
  type StripeRoute,
  type StripeState,
  stripeId,
  unixNow,
} from './stripe-fake-shared';

/** The declined confirmation: the intent wants another payment method, and the 402 carries it. */
function cardError(intent: Json, code: string, declineCode: string, message: string): StripeFailure {
  const error = {
    type: 'card_error',
    code,
    decline_code: declineCode,
    message,
    payment_method: intent.payment_method,
  };
  Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, next_action: null });
  return new StripeFailure(402, { ...error, payment_intent: intent });
}

/** The PaymentIntent routes over `state`. */
export function paymentIntentRoutes(state: StripeState): StripeRoute[] {
  const { paymentMethods, paymentIntents } = state;
  return [
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/payment_intents$/,
      handle(params) {
        const method = paymentMethods.get(String(params.payment_method ?? ''));
        if (!method) throw missing('payment_method', String(params.payment_method ?? ''));
        if (method.object.customer !== (params.customer ?? null)) {
          throw invalid('The provided PaymentMethod does not belong to the Customer given.', 'payment_method_invalid');
        }
        const intentId = stripeId('pi');
        const intent: Json = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(params.amount),
          amount_received: 0,
          currency: params.currency,
          customer: params.customer ?? null,
          payment_method: params.payment_method,
          payment_method_types: params.allowed_payment_method_types ?? ['card'],
          description: params.description ?? null,
          metadata: params.metadata ?? {},
          status: 'requires_confirmation',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          capture_method: 'automatic',
          confirmation_method: 'automatic',
          created: unixNow(),
          canceled_at: null,
          cancellation_reason: null,
          last_payment_error: null,
          latest_charge: null,
          next_action: null,
          livemode: false,
        };
        paymentIntents.set(intentId, intent);
        return intent;
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle(_params, match) {
        const intent = requireIntent(state, match[1] ?? '');
        if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method') {
          throw invalid(
            `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
            { payment_intent: intent },
          );
        }
        const behavior = paymentMethods.get(String(intent.payment_method))?.behavior;
        if (behavior === 'decline' || behavior === 'decline_on_attach')
          throw cardError(intent, 'card_declined', 'generic_decline', 'Your card was declined.');
        if (behavior === 'insufficient_funds') {
          throw cardError(intent, 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
        }
        if (behavior === 'authentication_required') {
          Object.assign(intent, {
            status: 'requires_action',
            next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
          });
          return intent;
        }
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: stripeId('ch') });
        return intent;
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle(params, match) {
        const intent = requireIntent(state, match[1] ?? '');
        if (['succeeded', 'canceled', 'processing'].includes(String(intent.status))) {
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
            { payment_intent: intent },
          );
        }
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: unixNow(),
          cancellation_reason: params.cancellation_reason ?? null,
          next_action: null,
        });
        return intent;
      },
    },
    {
      method: 'GET',
      key: 'secret',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_params, match) => requireIntent(state, match[1] ?? ''),
    },
    {
      method: 'GET',
      key: 'secret',
      path: /^\/v1\/payment_intents$/,
      handle(params) {
        const created = (params.created ?? {}) as Json;
        const gte = created.gte === undefined ? 0 : Number(created.gte);
        const data = [...paymentIntents.values()]
          .filter(
            (intent) =>
              (params.customer === undefined || intent.customer === params.customer) && Number(intent.created) >= gte,
          )
          .reverse();
        const limit = Number(params.limit ?? 10);
        return {
          object: 'list',
          url: '/v1/payment_intents',
          has_more: data.length > limit,
          data: data.slice(0, limit),
        };
      },
    },
  ];
}
