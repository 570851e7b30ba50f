import { PaymentMessage } from '@everdeal/contracts';
import Stripe from 'stripe';
import {
  CardRefusedError,
  type PaymentFailureCode,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderDispute,
  ProviderUnavailableError,
  paymentStepKey,
  type RefundOutcome,
} from './provider';

/** Where the SDK sends requests; tests point it at a local server (test/stripe-fake.ts). */
export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeProviderOptions = {
  secretKey: string;
  api?: StripeApiAddress;
  /**
   * Per request; with the retries below a checkout's provider calls stay well inside the
   * reconciliation lease (decision 007), so the job never races a request still paying.
   */
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

/** How far back the reconciliation looks for an order's PaymentIntent, before the order's own time. */
const LOOKUP_SLACK_SECONDS = 600;
const LOOKUP_MAX_INTENTS = 100;

const failureMessages: Record<PaymentFailureCode, string> = {
  card_declined: PaymentMessage.cardDeclined,
  insufficient_funds: PaymentMessage.insufficientFunds,
  expired_card: PaymentMessage.cardExpired,
  payment_method_unusable: PaymentMessage.paymentMethodUnusable,
};

function failure(reference: string | null, code: PaymentFailureCode): PaymentOutcome {
  return { status: 'failed', reference, code, message: failureMessages[code] };
}

/** Stripe's decline codes mapped to requirements §11's messages; the rest is a plain decline. */
function failureCodeOf(error: { code?: string | null; decline_code?: string | null }): PaymentFailureCode {
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds';
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'expired_card';
  return 'card_declined';
}

/**
 * A PaymentIntent's state as an outcome; null while it was created but never confirmed (no
 * attempt to pay has been made with it yet).
 */
function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome | null {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', reference: intent.id };
    case 'requires_action':
      return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret ?? '' };
    case 'canceled':
      return { status: 'canceled', reference: intent.id };
    case 'requires_payment_method':
      return intent.last_payment_error
        ? failure(intent.id, failureCodeOf(intent.last_payment_error))
        : failure(intent.id, 'payment_method_unusable');
    default:
      return null;
  }
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Anything but a card error or a refused request leaves the outcome unknown: retry later. */
function unavailable(error: unknown): ProviderUnavailableError {
  const message = isStripeError(error) ? `Stripe ${error.type}: ${error.message}` : String(error);
  return new ProviderUnavailableError(message, { cause: error });
}

/**
 * The Stripe provider (PAYMENT_PROVIDER=stripe), on the official SDK. Cards are PaymentMethods
 * made by Stripe.js in the browser and attached to the user's Customer. A payment is one
 * PaymentIntent per order, created and then confirmed server-side with the saved card, each
 * call with an idempotency key derived from the order id (decision 007), so retries, duplicate
 * requests and the reconciliation job all address the same PaymentIntent.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'Everdeal' },
    ...(options.api ?? {}),
  });

  /** The creation request, identical on every call for one order: the key replays it. */
  function createIntent(payment: PaymentRequest) {
    return stripe.paymentIntents.create(
      {
        amount: payment.amountCents,
        currency: payment.currency.toLowerCase(),
        ...(payment.customerRef ? { customer: payment.customerRef } : {}),
        payment_method: payment.token,
        allowed_payment_method_types: ['card'],
        description: payment.description,
        metadata: { order_id: payment.orderId, user_id: payment.userId, ...(payment.key ? { key: payment.key } : {}) },
      },
      { idempotencyKey: paymentStepKey(payment, 'create') },
    );
  }

  /** The order's PaymentIntent as it is now, found by id or among the customer's recent ones. */
  async function findIntent(payment: PaymentRequest): Promise<Stripe.PaymentIntent | null> {
    if (payment.providerPaymentId) return stripe.paymentIntents.retrieve(payment.providerPaymentId);
    if (!payment.customerRef) return null;
    const since = Math.floor(payment.createdAt.getTime() / 1000) - LOOKUP_SLACK_SECONDS;
    let seen = 0;
    for await (const intent of stripe.paymentIntents.list({ customer: payment.customerRef, created: { gte: since } })) {
      if (intent.metadata.order_id === payment.orderId && (intent.metadata.key ?? null) === (payment.key ?? null)) {
        return intent;
      }
      seen += 1;
      if (seen >= LOOKUP_MAX_INTENTS) break;
    }
    return null;
  }

  return {
    name: 'stripe',

    async saveCard(owner, input) {
      if (!input.providerToken) throw new CardRefusedError(PaymentMessage.cardEntryNotAccepted);
      try {
        const customerRef =
          owner.customerRef ??
          (
            await stripe.customers.create(
              { email: owner.email, metadata: { user_id: owner.userId } },
              // One Customer per user even when two cards are added at once.
              { idempotencyKey: `everdeal:customer:${owner.userId}` },
            )
          ).id;
        const method = await stripe.paymentMethods.attach(input.providerToken, { customer: customerRef });
        if (method.type !== 'card' || !method.card) {
          await stripe.paymentMethods.detach(method.id);
          throw new CardRefusedError(PaymentMessage.paymentMethodUnusable);
        }
        return {
          token: method.id,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
          customerRef,
        };
      } catch (error) {
        if (error instanceof CardRefusedError) throw error;
        if (error instanceof Stripe.errors.StripeCardError) throw new CardRefusedError(error.message);
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new CardRefusedError(PaymentMessage.paymentMethodUnusable);
        }
        throw unavailable(error);
      }
    },

    async forgetCard(_owner, token) {
      try {
        await stripe.paymentMethods.detach(token);
      } catch (error) {
        // Already detached, or unknown to Stripe: either way it is gone.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw unavailable(error);
      }
    },

    async charge(payment) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await createIntent(payment);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // The saved card was detached or belongs to no one: nothing was attempted.
          return failure(null, 'payment_method_unusable');
        }
        throw unavailable(error);
      }
      if (intent.status !== 'requires_confirmation') {
        return outcomeOf(intent) ?? failure(intent.id, 'payment_method_unusable');
      }
      try {
        const confirmed = await stripe.paymentIntents.confirm(
          intent.id,
          // Stripe.js finishes 3-D Secure in the browser with the client secret (handleNextAction).
          { use_stripe_sdk: true },
          { idempotencyKey: paymentStepKey(payment, 'confirm') },
        );
        return outcomeOf(confirmed) ?? failure(confirmed.id, 'payment_method_unusable');
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return failure(error.payment_intent?.id ?? intent.id, failureCodeOf(error));
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // E.g. canceled by the reconciliation meanwhile: what counts is the intent's state now.
          try {
            const current = await stripe.paymentIntents.retrieve(intent.id);
            return outcomeOf(current) ?? failure(current.id, 'payment_method_unusable');
          } catch (retrieveError) {
            throw unavailable(retrieveError);
          }
        }
        throw unavailable(error);
      }
    },

    async lookup(payment) {
      try {
        const intent = await findIntent(payment);
        return intent ? outcomeOf(intent) : null;
      } catch (error) {
        throw unavailable(error);
      }
    },

    async cancel(payment) {
      try {
        // Replaying the creation takes the order's key: a request still on its way can then only
        // reach this PaymentIntent, which is canceled below, and never create a second one.
        const created = await createIntent(payment);
        const intent = await stripe.paymentIntents.retrieve(created.id);
        if (['succeeded', 'processing', 'requires_capture', 'canceled'].includes(intent.status)) {
          return outcomeOf(intent) ?? { status: 'canceled', reference: intent.id };
        }
        try {
          const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
          return outcomeOf(canceled) ?? { status: 'canceled', reference: canceled.id };
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          // It moved on (succeeded) between the read and the cancel.
          const current = await stripe.paymentIntents.retrieve(intent.id);
          return outcomeOf(current) ?? { status: 'canceled', reference: current.id };
        }
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // The creation itself is refused (card detached): no payment can ever be made with it.
          return { status: 'canceled', reference: null };
        }
        throw unavailable(error);
      }
    },

    async refund(refund): Promise<RefundOutcome> {
      try {
        const made = await stripe.refunds.create(
          {
            payment_intent: refund.chargeReference,
            amount: refund.amountCents,
            metadata: { order_id: refund.orderId },
          },
          { idempotencyKey: refund.key },
        );
        // `pending` card refunds go through; Stripe reports the rare later failure by webhook.
        if (made.status === 'failed' || made.status === 'canceled') {
          return { status: 'failed', message: `Stripe refund ${made.id} ${made.status}` };
        }
        return { status: 'succeeded', reference: made.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', message: `Stripe refused the refund: ${error.message}` };
        }
        throw unavailable(error);
      }
    },

    async dispute(disputeReference): Promise<ProviderDispute | null> {
      try {
        const dispute = await stripe.disputes.retrieve(disputeReference);
        const intentId =
          typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
        if (!intentId) return null;
        // The order is the PaymentIntent's, as the payment events name it (metadata.order_id).
        const intent = await stripe.paymentIntents.retrieve(intentId);
        return {
          reference: dispute.id,
          paymentReference: intent.id,
          orderId: intent.metadata.order_id ?? null,
          amountCents: dispute.amount,
          state: disputeState(dispute.status),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw unavailable(error);
      }
    },
  };
}

/**
 * Stripe's dispute status as decision 039 reads it: `warning_*` (an inquiry) and `prevented` took
 * no money; every other open status did.
 */
function disputeState(status: Stripe.Dispute.Status): ProviderDispute['state'] {
  if (status === 'won') return 'won';
  if (status === 'lost') return 'lost';
  return status.startsWith('warning_') || status === 'prevented' ? 'inquiry' : 'open';
}

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body (and its age, 5 minutes at most) and
 * parses the event; throws Stripe's SignatureVerificationError otherwise.
 */
export function verifyStripeEvent(payload: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
