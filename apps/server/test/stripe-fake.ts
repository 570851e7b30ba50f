/**
 * A local HTTP server answering the few Stripe endpoints the Stripe provider uses, so its tests
 * run the official SDK against real HTTP with no network call (issue 10). Objects follow the
 * shapes of Stripe's published OpenAPI fixtures (stripe/openapi, openapi/fixtures3.json); the
 * test PaymentMethods are Stripe's own test ids (docs.stripe.com/testing). It keeps Stripe's
 * rules that matter here: idempotency keys replay the first answer (and refuse other
 * parameters), a declined confirmation is a 402 card_error carrying the PaymentIntent, and a
 * canceled PaymentIntent can no longer be confirmed.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type Behavior = 'succeed' | 'decline' | 'insufficient_funds' | 'authentication_required';

/** Stripe's test PaymentMethods (docs.stripe.com/testing#cards) and what confirming with them does. */
const TEST_METHODS: Record<string, { brand: string; last4: string; behavior: Behavior }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behavior: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behavior: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behavior: 'decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behavior: 'insufficient_funds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behavior: 'authentication_required' },
};

type PaymentMethodRecord = { object: Json; behavior: Behavior };

export type LoggedRequest = { method: string; path: string; idempotencyKey: string | undefined; params: Json };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=c` form and query strings into nested objects, as Stripe reads them. */
export function parseStripeParams(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[index + 1] ?? '';
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Json;
    });
  }
  return root;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, code = 'parameter_invalid', extra: Json = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', code, message, ...extra });
const missing = (kind: string, resourceId: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${resourceId}'`,
  });

export type StripeFake = {
  address: { host: string; port: number; protocol: 'http' };
  requests: LoggedRequest[];
  customers: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  paymentMethods: Map<string, PaymentMethodRecord>;
  refunds: Map<string, Json>;
  /** The buyer finishes (or fails) 3-D Secure in the browser; answers the event Stripe would send. */
  completeAuthentication(intentId: string, succeeds: boolean): Json;
  /** An event envelope around an object, as Stripe delivers it to a webhook endpoint. */
  event(type: string, object: Json): Json;
  /** The next requests matching `path` answer 500 without doing anything (an outage). */
  failNext(path: RegExp, times?: number): void;
  close(): Promise<void>;
};

export async function startStripeFake(): Promise<StripeFake> {
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, PaymentMethodRecord>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const requests: LoggedRequest[] = [];
  const outages: { path: RegExp; times: number }[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  function requireIntent(intentId: string): Json {
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId);
    return intent;
  }

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

  const routes: { method: string; path: RegExp; handle(params: Json, match: RegExpExecArray): Json }[] = [
    {
      method: 'POST',
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
      path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle(params, match) {
        const requested = match[1] ?? '';
        const customer = String(params.customer ?? '');
        if (!customers.has(customer)) throw missing('customer', customer);
        const test = TEST_METHODS[requested];
        // A test id makes a new PaymentMethod each time it is used, as in Stripe's test mode.
        const record = test
          ? {
              behavior: test.behavior,
              object: {
                id: id('pm'),
                object: 'payment_method',
                type: 'card',
                created: now(),
                customer: null,
                livemode: false,
                metadata: {},
                billing_details: { address: null, email: null, name: null, phone: null },
                card: {
                  brand: test.brand,
                  display_brand: test.brand,
                  last4: test.last4,
                  exp_month: 12,
                  exp_year: new Date().getUTCFullYear() + 4,
                  funding: 'credit',
                  country: 'US',
                },
              } as Json,
            }
          : paymentMethods.get(requested);
        if (!record) throw missing('PaymentMethod', requested);
        if (record.object.customer && record.object.customer !== customer) {
          throw invalid('The payment method you provided has already been attached to a customer.');
        }
        record.object.customer = customer;
        paymentMethods.set(String(record.object.id), record);
        return record.object;
      },
    },
    {
      method: 'POST',
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
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle(_params, match) {
        const intent = requireIntent(match[1] ?? '');
        if (intent.status !== 'requires_confirmation' && intent.status !== 'requires_payment_method') {
          throw invalid(
            `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
            { payment_intent: intent },
          );
        }
        const behavior = paymentMethods.get(String(intent.payment_method))?.behavior;
        if (behavior === 'decline')
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
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle(params, match) {
        const intent = requireIntent(match[1] ?? '');
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
      path: /^\/v1\/refunds$/,
      handle(params) {
        const intent = requireIntent(String(params.payment_intent ?? ''));
        if (intent.status !== 'succeeded') {
          throw invalid(
            `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            'charge_not_refundable',
          );
        }
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
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_params, match) => requireIntent(match[1] ?? ''),
    },
    {
      method: 'GET',
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

  function respond(response: ServerResponse, status: number, body: Json) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString();
    const method = request.method ?? 'GET';
    const params = parseStripeParams(method === 'GET' ? url.search.slice(1) : bodyText);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey, params });

    if (!/^Bearer sk_test_\w+$/.test(String(request.headers.authorization ?? ''))) {
      return respond(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const outage = outages.find((entry) => entry.path.test(url.pathname) && entry.times > 0);
    if (outage) {
      outage.times -= 1;
      return respond(response, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    const fingerprint = `${method} ${url.pathname} ${bodyText}`;
    if (method === 'POST' && idempotencyKey) {
      const seen = idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return respond(response, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        response.setHeader('idempotent-replayed', 'true');
        return respond(response, seen.status, seen.body);
      }
    }
    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    let status = 200;
    let body: Json;
    try {
      if (!route) throw missing('route', url.pathname);
      const match = route.path.exec(url.pathname) as RegExpExecArray;
      // A copy: later changes to the object must not alter a stored idempotent answer.
      body = structuredClone(route.handle(params, match));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = { error: structuredClone(error.body) };
    }
    if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status, body });
    respond(response, status, body);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      respond(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: Json): Json => ({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  return {
    address: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    customers,
    paymentIntents,
    paymentMethods,
    refunds,
    event,
    completeAuthentication(intentId, succeeds) {
      const intent = requireIntent(intentId);
      if (intent.status !== 'requires_action') throw new Error(`intent ${intentId} is ${intent.status}`);
      if (succeeds) {
        Object.assign(intent, {
          status: 'succeeded',
          amount_received: intent.amount,
          latest_charge: id('ch'),
          next_action: null,
        });
        return event('payment_intent.succeeded', intent);
      }
      Object.assign(intent, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
        },
      });
      return event('payment_intent.payment_failed', intent);
    },
    failNext(path, times = 1) {
      outages.push({ path, times });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; they would hold the server open.
        server.closeAllConnections();
      }),
  };
}
