import type { AddPaymentMethodInput, PaymentProviderName } from '@everdeal/contracts';

/**
 * The one payment provider interface (decision 007). Two implementations: the sandbox
 * (sandbox-provider.ts, its own ledger table) and Stripe (stripe-provider.ts, the official SDK).
 * Checkout and reconciliation only ever talk to this interface.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Vaults a card for its owner; throws CardRefusedError with a message for the card form. */
  saveCard(owner: CardOwner, input: AddPaymentMethodInput): Promise<VaultedCard>;
  /** Forgets a vaulted card; a token the provider no longer knows is not an error. */
  forgetCard(owner: CardOwner, token: string): Promise<void>;
  /**
   * Charges the payment once: however often it is called for one payment (same `orderId`), the
   * provider moves money at most once and answers the same outcome. Throws
   * ProviderUnavailableError when the outcome is unknown (network, provider outage).
   */
  charge(payment: PaymentRequest): Promise<PaymentOutcome>;
  /** What became of the payment so far, without changing anything; null when it was never made. */
  lookup(payment: PaymentRequest): Promise<PaymentOutcome | null>;
  /**
   * Makes sure this payment can no longer succeed from now on (a late `charge` is refused), and
   * answers how it ended: `succeeded` when it already had, `processing` when the provider can no
   * longer stop it, else `canceled` or `failed`.
   */
  cancel(payment: PaymentRequest): Promise<PaymentOutcome>;
  /**
   * Returns part or all of a succeeded payment, once per `key` however often it is called
   * (decision 010). Throws ProviderUnavailableError when the outcome is unknown.
   */
  refund(refund: RefundRequest): Promise<RefundOutcome>;
  /**
   * A card dispute as the provider knows it now (decision 039), never as an event said it was;
   * null when it does not know the id. Only a provider with disputes (Stripe) has it. Throws
   * ProviderUnavailableError when the provider does not answer.
   */
  dispute?(disputeReference: string): Promise<ProviderDispute | null>;
}

/**
 * A card dispute (decision 039): the payment it is on (`paymentReference`, the charge rows'
 * reference) and our order (the payment's metadata, null when not ours), what the bank took, and
 * where it stands: `inquiry` took nothing yet, `open` and `lost` took `amountCents`, `won`
 * gave it back.
 */
export type ProviderDispute = {
  reference: string;
  paymentReference: string;
  orderId: string | null;
  amountCents: number;
  state: 'inquiry' | 'open' | 'won' | 'lost';
};

/** Money back from one succeeded payment (`chargeReference`, the provider's id of it). */
export type RefundRequest = {
  key: string;
  orderId: string;
  chargeReference: string;
  amountCents: number;
  currency: string;
};

export type RefundOutcome = { status: 'succeeded'; reference: string } | { status: 'failed'; message: string };

/** Who owns a card; Stripe keeps cards on a Customer, created on the first card. */
export type CardOwner = { userId: string; email: string; customerRef: string | null };

export type VaultedCard = {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's customer the card now belongs to (null for the sandbox). */
  customerRef: string | null;
};

/** One payment of one order; everything a provider needs, all taken from the order row. */
export type PaymentRequest = {
  orderId: string;
  /**
   * Base of the provider's idempotency keys when this is not the order's checkout payment (a
   * plan change, a renewal: decision 010); the order's own payment is keyed by its id.
   */
  key?: string;
  userId: string;
  amountCents: number;
  currency: string;
  token: string;
  customerRef: string | null;
  /** The provider's id of the payment, when the store already knows it. */
  providerPaymentId: string | null;
  createdAt: Date;
  description: string;
};

/** Why a payment failed, for the buyer; messages are requirements §11's. */
export type PaymentFailureCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'payment_method_unusable';

export type PaymentOutcome =
  | { status: 'succeeded'; reference: string }
  | { status: 'failed'; reference: string | null; code: PaymentFailureCode; message: string }
  /** Stripe: the buyer must authenticate (3-D Secure) in the browser with this secret. */
  | { status: 'requires_action'; reference: string; clientSecret: string }
  /** Accepted by the provider, result to come (webhook or a later lookup). */
  | { status: 'processing'; reference: string }
  | { status: 'canceled'; reference: string | null };

/** The key a provider deduplicates a payment by: one order, one payment (decision 007). */
export function paymentIdempotencyKey(orderId: string, step = 'charge'): string {
  return `everdeal:order:${orderId}:${step}`;
}

/** The key of one step of a payment: the order's (decision 007), or the change's (decision 010). */
export function paymentStepKey(payment: Pick<PaymentRequest, 'orderId' | 'key'>, step = 'charge'): string {
  return payment.key ? `${payment.key}:${step}` : paymentIdempotencyKey(payment.orderId, step);
}

/** A card the provider refused to vault (bad number, unknown token): a 422 for the form. */
export class CardRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardRefusedError';
  }
}

/** The provider did not answer or failed: the outcome of the call is unknown. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
