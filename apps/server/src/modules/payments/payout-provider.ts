import type { PaymentProviderName } from '@everdeal/contracts';

/**
 * Money out to sellers (decision 036): their connected account at the provider and transfers to
 * it. Beside the PaymentProvider (money in) with the same two implementations: the sandbox
 * (sandbox-payouts.ts, its own tables) and Stripe Connect (stripe-payouts.ts, Express accounts).
 */
export interface PayoutProvider {
  readonly name: PaymentProviderName;
  /** Creates the seller's account, once per `key` however often it is called. */
  createAccount(request: { key: string; sellerId: number; email: string | null }): Promise<{ accountRef: string }>;
  /**
   * A one-time onboarding link for the account. `returnPath` and `refreshPath` are paths of the
   * store's own pages (the provider sends the seller back to them).
   */
  onboardingLink(request: { accountRef: string; returnPath: string; refreshPath: string }): Promise<{ url: string }>;
  /** The account as the provider sees it now; throws ProviderUnavailableError when it cannot tell. */
  getAccount(accountRef: string): Promise<PayoutAccountState>;
  /**
   * Moves money to the account, once per `key` however often it is called. Throws
   * ProviderUnavailableError when the outcome is unknown (the same key is tried again later).
   */
  transfer(request: TransferRequest): Promise<TransferOutcome>;
}

export type PayoutAccountState = { detailsSubmitted: boolean; payoutsEnabled: boolean };

export type TransferRequest = {
  key: string;
  destination: string;
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
};

/** `failed`: the provider refused the transfer and nothing moved; a new attempt needs a new key. */
export type TransferOutcome = { status: 'paid'; reference: string } | { status: 'failed'; message: string };
