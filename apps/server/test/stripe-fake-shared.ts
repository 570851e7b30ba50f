/**
 * What every route of the local Stripe fake shares (stripe-fake-routes.ts and the modules it
 * gathers, stripe-fake-connect.ts, stripe-fake-disputes.ts): the objects the fake keeps, the shape
 * of a route, Stripe's ids and timestamps, and Stripe's error answers.
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
/** What paying with a card does; `decline_on_attach`: Stripe's card check refuses it when it is saved. */
export type Behavior = 'succeed' | 'decline' | 'decline_on_attach' | 'insufficient_funds' | 'authentication_required';

export type PaymentMethodRecord = { object: Json; behavior: Behavior };

/** What the fake keeps, for the tests to read. */
export type StripeState = {
  customers: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  paymentMethods: Map<string, PaymentMethodRecord>;
  refunds: Map<string, Json>;
};

export type StripeRoute = {
  method: string;
  path: RegExp;
  /** Which key may call it: the secret key (the server), or also the publishable key (Stripe.js). */
  key: 'secret' | 'publishable';
  handle(params: Json, match: RegExpExecArray): Json;
};

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

export const invalid = (message: string, code = 'parameter_invalid', extra: Json = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', code, message, ...extra });
export const missing = (kind: string, resourceId: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${resourceId}'`,
  });

export function requireIntent(state: StripeState, intentId: string): Json {
  const intent = state.paymentIntents.get(intentId);
  if (!intent) throw missing('payment_intent', intentId);
  return intent;
}
