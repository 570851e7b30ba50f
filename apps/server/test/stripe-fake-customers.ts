/**
 * Customers and their card PaymentMethods in the local Stripe fake: a card typed into Stripe.js
 * with the publishable key, and a card saved to (or removed from) a customer with the secret key.
 * The test cards are Stripe's own (docs.stripe.com/testing).
 */
import {
  type Behavior,
  invalid,
  type Json,
  missing,
  StripeFailure,
  type StripeRoute,
  type StripeState,
  stripeId,
  unixNow,
} from './stripe-fake-shared';

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

/** A card PaymentMethod as Stripe answers it. */
function paymentMethodObject(card: { brand: string; last4: string; expMonth: number; expYear: number }): Json {
  return {
    id: stripeId('pm'),
    object: 'payment_method',
    type: 'card',
    created: unixNow(),
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

/** The customer and payment method routes over `state`. */
export function customerRoutes(state: StripeState): StripeRoute[] {
  const { customers, paymentMethods } = state;
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
          id: stripeId('cus'),
          object: 'customer',
          created: unixNow(),
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
  ];
}
