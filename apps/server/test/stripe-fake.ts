/**
 * A local HTTP server standing in for Stripe, so the Stripe provider runs the official SDK
 * against real HTTP with no network call (decision 007): the API endpoints the provider uses
 * (stripe-fake-routes.ts) and, for the end-to-end tests, a stand-in of Stripe.js at `/v3/`
 * (stripe-fake-js.ts) that the browser loads instead of js.stripe.com (STRIPE_JS_URL). Like
 * Stripe, it replays an idempotency key's first answer (and refuses it with other parameters),
 * takes secret keys only, except on the calls Stripe.js makes with the publishable key, and
 * answers the browser across origins.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { type ConnectState, completeOnboarding, connectRoutes, newConnectState } from './stripe-fake-connect';
import {
  closeDispute,
  type DisputeState,
  disputeRoutes,
  newDisputeState,
  openDispute,
  refusalOfDisputed,
} from './stripe-fake-disputes';
import { FAKE_STRIPE_JS } from './stripe-fake-js';
import { stripeRoutes } from './stripe-fake-routes';
import {
  type Json,
  missing,
  type PaymentMethodRecord,
  requireIntent,
  StripeFailure,
  type StripeState,
  stripeId,
  unixNow,
} from './stripe-fake-shared';

export type LoggedRequest = { method: string; path: string; idempotencyKey: string | undefined; params: Json };

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

export type StripeFake = {
  address: { host: string; port: number; protocol: 'http' };
  /** `http://127.0.0.1:{port}`: STRIPE_API_BASE, and with `/v3/` STRIPE_JS_URL, of a server under test. */
  url: string;
  requests: LoggedRequest[];
  customers: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  paymentMethods: Map<string, PaymentMethodRecord>;
  refunds: Map<string, Json>;
  /** Connect (stripe-fake-connect.ts): Express accounts, their onboarding links and transfers to them. */
  accounts: ConnectState['accounts'];
  accountLinks: ConnectState['accountLinks'];
  transfers: ConnectState['transfers'];
  /** Card disputes (stripe-fake-disputes.ts, decision 039). */
  disputes: DisputeState['disputes'];
  /** The bank disputes the intent's charge (all it still holds unless `amount`); answers the `charge.dispute.created` event. */
  openDispute(intentId: string, amount?: number): Json;
  /** The dispute is decided; answers the `charge.dispute.closed` event. */
  closeDispute(disputeId: string, status: 'won' | 'lost'): Json;
  /** The seller finishes onboarding: transfers and payouts on; answers the `account.updated` event. */
  completeOnboarding(accountId: string): Json;
  /** The buyer finishes (or fails) 3-D Secure in the browser; answers the event Stripe would send. */
  completeAuthentication(intentId: string, succeeds: boolean): Json;
  /** An event envelope around an object, as Stripe delivers it to a webhook endpoint. */
  event(type: string, object: Json): Json;
  /** The next requests matching `path` answer 500 without doing anything (an outage). */
  failNext(path: RegExp, times?: number): void;
  /**
   * The next `count` requests matching `path` are answered only once all of them have arrived:
   * calls a test starts together are then in flight at Stripe together, whatever the scheduler.
   * If they have not all arrived within 3 s, the waiting ones answer 500 naming the gate, so a test
   * whose calls no longer meet fails at once instead of timing out.
   */
  holdUntilTogether(path: RegExp, count: number): void;
  close(): Promise<void>;
};

const SECRET_KEY = /^Bearer sk_test_\w+$/;
const PUBLISHABLE_KEY = /^Bearer (pk|sk)_test_\w+$/;
/** Stripe.js calls the API from the shop's pages, another origin. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, stripe-version',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export async function startStripeFake(options: { port?: number } = {}): Promise<StripeFake> {
  const state: StripeState = {
    customers: new Map(),
    paymentMethods: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
  };
  const connect = newConnectState();
  const disputes = newDisputeState();
  const routes = [
    ...stripeRoutes(state, (intentId) => refusalOfDisputed(disputes, intentId)),
    ...connectRoutes(connect),
    ...disputeRoutes(disputes),
  ];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const requests: LoggedRequest[] = [];
  const outages: { path: RegExp; times: number }[] = [];
  const GATE_WAIT_MS = 3_000;
  type Gate = { path: RegExp; count: number; waiting: ((met: boolean) => void)[]; timer?: NodeJS.Timeout };
  const gates: Gate[] = [];

  /** Whether the gate matching `path` got its count of requests in time (true at once if no gate matches). */
  function passGate(path: string): Promise<boolean> {
    const gate = gates.find((entry) => entry.path.test(path) && entry.waiting.length < entry.count);
    if (!gate) return Promise.resolve(true);
    const open = (met: boolean) => {
      clearTimeout(gate.timer);
      gates.splice(gates.indexOf(gate), 1);
      for (const release of gate.waiting) release(met);
    };
    return new Promise<boolean>((resolve) => {
      gate.waiting.push(resolve);
      if (gate.waiting.length === gate.count) open(true);
      else gate.timer ??= setTimeout(() => open(false), GATE_WAIT_MS);
    });
  }

  function respond(response: ServerResponse, status: number, body: Json) {
    response.writeHead(status, { ...CORS, 'content-type': 'application/json', 'request-id': stripeId('req') });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      response.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
      return response.end();
    }
    if (method === 'GET' && url.pathname === '/v3/') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return response.end(FAKE_STRIPE_JS);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString();
    const params = parseStripeParams(method === 'GET' ? url.search.slice(1) : bodyText);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey, params });
    if (!(await passGate(url.pathname))) {
      return respond(response, 500, {
        error: { type: 'api_error', message: `holdUntilTogether(${url.pathname}): the other requests never came` },
      });
    }

    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    const keyPattern = route?.key === 'publishable' ? PUBLISHABLE_KEY : SECRET_KEY;
    if (!keyPattern.test(String(request.headers.authorization ?? ''))) {
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
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: Json): Json => ({
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unixNow(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  return {
    address: { host: '127.0.0.1', port, protocol: 'http' },
    url: `http://127.0.0.1:${port}`,
    requests,
    ...state,
    ...connect,
    ...disputes,
    event,
    openDispute: (intentId, amount) =>
      event('charge.dispute.created', { ...openDispute(disputes, requireIntent(state, intentId), amount) }),
    closeDispute: (disputeId, status) =>
      event('charge.dispute.closed', { ...closeDispute(disputes, disputeId, status) }),
    completeOnboarding: (accountId) =>
      event('account.updated', { ...(completeOnboarding(connect, accountId) satisfies Stripe.Account) }),
    completeAuthentication(intentId, succeeds) {
      const intent = requireIntent(state, intentId);
      if (intent.status !== 'requires_action') throw new Error(`intent ${intentId} is ${intent.status}`);
      if (succeeds) {
        Object.assign(intent, {
          status: 'succeeded',
          amount_received: intent.amount,
          latest_charge: stripeId('ch'),
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
    holdUntilTogether(path, count) {
      gates.push({ path, count, waiting: [] });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; they would hold the server open.
        server.closeAllConnections();
      }),
  };
}
