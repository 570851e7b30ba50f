/**
 * The Stripe endpoints the local Stripe fake answers (stripe-fake.ts serves them over HTTP), with
 * the objects it keeps. Objects follow the shapes of Stripe's published OpenAPI fixtures
 * (stripe/openapi, openapi/fixtures3.json); the test cards are Stripe's own
 * (docs.stripe.com/testing). Stripe's rules that matter here: a declined confirmation is a 402
 * card_error carrying the PaymentIntent, a canceled PaymentIntent can no longer be confirmed, a
 * refund never returns more than was received, and only a publishable key's calls are open to
 * the browser (creating a PaymentMethod from a card, as Stripe.js does).
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
/** What paying with a card does; `decline_on_attach`: Stripe's card check refuses it when it is saved. */
type Behavior = 'succeed' | 'decline' | 'decline_on_attach' | 'insufficient_funds' | 'authentication_required';

/** Stripe's test cards (docs.stripe.com/testing#cards): their PaymentMethod ids, numbers and what paying with them does. */
const TEST_CARDS: { method: string; number: string; brand: string; last4: string; behavior: Behavior }[] = [
  { method: 'pm_card_visa', number: '4242424242424242', brand: 'visa', last4: '4242', behavior: 'succeed' },
  { method: 'pm_card_mastercard', number: '5555555555554444', brand: 'mastercard', last4: '4444', behavior: 'succeed' },
  {
    method: 'pm_card_chargeDeclined',
    number: '4000000000000002',
    brand: 'visa',
    last4: '0002',
    behavior: 'decline_on_attach',
  },
  // "Attaching this card to a Customer object succeeds, but attempts to charge the customer fail."
  {
    method: 'pm_card_chargeCustomerFail',
    number: '4000000000000341',
    brand: 'visa',
    last4: '0341',
    behavior: 'decline',
  },
  {
    method: 'pm_card_chargeDeclinedInsufficientFunds',
    number: '4000000000009995',
    brand: 'visa',
    last4: '9995',
    behavior: 'insufficient_funds',
  },
  {
    method: 'pm_card_authenticationRequired',
    number: '4000002760003184',
    brand: 'visa',
    last4: '3184',
    behavior: 'authentication_required',
  },
];

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
const id = stripeId;
export const unixNow = () => Math.floor(Date.now() / 1000);
const now = unixNow;

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, code = 'parameter_invalid', extra: Json = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', code, message, ...extra });
export const missing = (kind: string, resourceId: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${resourceId}'`,
  });

/** A card PaymentMethod as Stripe answers it. */
function paymentMethodObject(card: { brand: string; last4: string; expMonth: number; expYear: number }): Json {
  return {
    id: id('pm'),
    object: 'payment_method',
    type: 'card',
    created: now(),
    customer: null,
    livemode: false,
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: card.brand,
      display_brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: 'credit',
      country: 'US',
    },
  };
}

/** Refusals of a card typed into Stripe.js, as Stripe words them (402 card_error, the field named). */
function cardRefusal(code: string, param: string, message: string): StripeFailure {
  return new StripeFailure(402, { type: 'card_error', code, param, message });
}

export function requireIntent(state: StripeState, intentId: string): Json {
  const intent = state.paymentIntents.get(intentId);
  if (!intent) throw missing('payment_intent', intentId);
  return intent;
}

/**
 * The API routes over `state`; `refundRefusal` answers Stripe's refusal of a refund of the
 * intent for a reason kept elsewhere (a dispute, stripe-fake-disputes.ts), or null.
 */
export function stripeRoutes(
  state: StripeState,
  refundRefusal: (intentId: string) => StripeFailure | null = () => null,
): StripeRoute[] {
  const { customers, paymentMethods, paymentIntents, refunds } = state;
  const requireIntentOf = (intentId: string) => requireIntent(state, intentId);

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

  return [
    {
      // What Stripe.js's createPaymentMethod sends with the publishable key: the number goes
      // to Stripe only. Test numbers only, as in Stripe's test mode.
      method: 'POST',
      path: /^\/v1\/payment_methods$/,
      key: 'publishable',
      handle(params) {
        if (params.type !== 'card')
          throw invalid('Invalid payment_method type: must be card', 'parameter_invalid_string');
        const card = (params.card ?? {}) as Json;
        const test = TEST_CARDS.find((candidate) => candidate.number === String(card.number ?? '').replace(/\s/g, ''));
        if (!test) throw cardRefusal('incorrect_number', 'number', 'Your card number is incorrect.');
        const expMonth = Number(card.exp_month);
        const year = Number(card.exp_year);
        const expYear = year < 100 ? 2000 + year : year;
        const today = new Date();
        if (!(expMonth >= 1 && expMonth <= 12)) {
          throw cardRefusal('invalid_expiry_month', 'exp_month', "Your card's expiration month is invalid.");
        }
        if (
          expYear < today.getUTCFullYear() ||
          (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
        ) {
          throw cardRefusal('invalid_expiry_year', 'exp_year', "Your card's expiration year is in the past.");
        }
        if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) {
          throw cardRefusal('invalid_cvc', 'cvc', "Your card's security code is invalid.");
        }
        const object = paymentMethodObject({ ...test, expMonth, expYear });
        paymentMethods.set(String(object.id), { behavior: test.behavior, object });
        return object;
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/customers$/,
      handle(params) {
        const customer = {
          id: id('cus'),
          object: 'customer',
          created: now(),
          email: params.email ?? null,
          metadata: params.metadata ?? {},
          livemode: false,
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return customer;
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle(params, match) {
        const requested = match[1] ?? '';
        const customer = String(params.customer ?? '');
        if (!customers.has(customer)) throw missing('customer', customer);
        const test = TEST_CARDS.find((card) => card.method === requested);
        // A test id makes a new PaymentMethod each time it is used, as in Stripe's test mode.
        const record = test
          ? {
              behavior: test.behavior,
              object: paymentMethodObject({ ...test, expMonth: 12, expYear: new Date().getUTCFullYear() + 4 }),
            }
          : paymentMethods.get(requested);
        if (!record) throw missing('PaymentMethod', requested);
        if (record.object.customer && record.object.customer !== customer) {
          throw invalid('The payment method you provided has already been attached to a customer.');
        }
        if (record.behavior === 'decline_on_attach') {
          throw new StripeFailure(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          });
        }
        record.object.customer = customer;
        paymentMethods.set(String(record.object.id), record);
        return record.object;
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle(_params, match) {
        const record = paymentMethods.get(match[1] ?? '');
        if (!record) throw missing('PaymentMethod', match[1] ?? '');
        if (!record.object.customer) {
          throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
        }
        record.object.customer = null;
        return record.object;
      },
    },
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
        const intentId = id('pi');
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
          created: now(),
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
        const intent = requireIntentOf(match[1] ?? '');
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
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: id('ch') });
        return intent;
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle(params, match) {
        const intent = requireIntentOf(match[1] ?? '');
        if (['succeeded', 'canceled', 'processing'].includes(String(intent.status))) {
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
            { payment_intent: intent },
          );
        }
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: now(),
          cancellation_reason: params.cancellation_reason ?? null,
          next_action: null,
        });
        return intent;
      },
    },
    {
      // Refunds of a succeeded PaymentIntent, partial or whole, never more than it received.
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/refunds$/,
      handle(params) {
        const intent = requireIntentOf(String(params.payment_intent ?? ''));
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
          id: id('re'),
          object: 'refund',
          amount,
          charge: intent.latest_charge,
          created: now(),
          currency: intent.currency,
          metadata: params.metadata ?? {},
          payment_intent: intent.id,
          reason: params.reason ?? null,
          status: 'succeeded',
        };
        refunds.set(refund.id, refund);
        return refund;
      },
    },
    {
      method: 'GET',
      key: 'secret',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_params, match) => requireIntentOf(match[1] ?? ''),
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
