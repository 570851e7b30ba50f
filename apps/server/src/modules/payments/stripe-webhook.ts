import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { verifyStripeEvent } from './stripe-provider';

/** What a PaymentIntent event says happened; the handler asks Stripe itself before acting. */
export type PaymentIntentEventKind = 'succeeded' | 'failed' | 'canceled';

const handledEvents: Record<string, PaymentIntentEventKind> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

/**
 * Card dispute events (decision 039): each is only a cue to ask Stripe for the dispute as it is
 * now, so every one of them is handled alike and an event missed or out of order changes nothing.
 */
const disputeEvents = new Set([
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.closed',
  'charge.dispute.funds_reinstated',
]);
const DISPUTE_ID = /^dp_[A-Za-z0-9_]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCOUNT_ID = /^acct_[A-Za-z0-9_]{1,100}$/;
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The event if the signature holds under one of the secrets; the last secret's error otherwise. */
function verifyWithAny(body: Buffer, signature: string, secrets: readonly string[]): Stripe.Event {
  let failure: unknown;
  for (const secret of secrets) {
    try {
      return verifyStripeEvent(body, signature, secret);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/**
 * `POST /webhooks/stripe` (decision 007): verifies the `Stripe-Signature` over the raw body with
 * STRIPE_WEBHOOK_SECRET, then hands PaymentIntent events of our orders (metadata.order_id) to
 * `onPaymentIntent`, which settles or releases the order, and connected accounts' `account.updated`
 * events to `onAccountUpdated` (decision 036) and card disputes to `onDispute` (decision 039). A failure answers 500 so that Stripe
 * delivers the event again; a bad signature answers 400; other events are acknowledged.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  options: {
    secret: string;
    /**
     * A Connect endpoint's own signing secret (STRIPE_CONNECT_WEBHOOK_SECRET): Stripe signs the
     * connected accounts' events with it when they go to a Connect endpoint (decision 036).
     */
    connectSecret?: string | undefined;
    onPaymentIntent(orderId: string, kind: PaymentIntentEventKind): Promise<void>;
    /** A connected account changed (`account.updated`); the handler asks Stripe for its state. */
    onAccountUpdated?(accountRef: string): Promise<void>;
    /** A card dispute changed (`charge.dispute.*`); the handler asks Stripe for the dispute. */
    onDispute?(disputeRef: string): Promise<void>;
  },
) {
  const secrets = [options.secret, ...(options.connectSecret ? [options.connectSecret] : [])];
  await app.register(async (scope) => {
    // The signature is over the exact bytes Stripe sent, so this route keeps the body raw.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    scope.post('/webhooks/stripe', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('no signature or body');
        event = verifyWithAny(request.body, signature, secrets);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook refused: bad signature');
        return reply.code(400).send({ code: 400, msg: 'Invalid webhook signature', data: null });
      }
      if (event.type === 'account.updated' && options.onAccountUpdated) {
        const account = event.data.object as Stripe.Account;
        if (typeof account.id === 'string' && ACCOUNT_ID.test(account.id)) await options.onAccountUpdated(account.id);
      }
      if (disputeEvents.has(event.type) && options.onDispute) {
        const dispute = event.data.object as Stripe.Dispute;
        if (typeof dispute.id === 'string' && DISPUTE_ID.test(dispute.id)) await options.onDispute(dispute.id);
      }
      const kind = handledEvents[event.type];
      if (kind) {
        const intent = event.data.object as Stripe.PaymentIntent;
        const orderId = intent.metadata?.order_id;
        if (typeof orderId === 'string' && UUID.test(orderId)) await options.onPaymentIntent(orderId, kind);
      }
      return reply.send({ code: 0, msg: 'success', data: { received: true } });
    });
  });
}
