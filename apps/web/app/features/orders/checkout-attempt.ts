import { ApiError } from '~/lib/api-client';

/**
 * One purchase attempt as the server's idempotency sees it (requirements §15, decision 007): a
 * key, and what was being bought with which card when the key was made.
 */
export type CheckoutAttempt = { key: string; fingerprint: string };

/** The card and the cart lines: a different one of either is a different purchase. */
export function checkoutFingerprint(
  paymentMethodId: string,
  lines: readonly { productId: number; variantId: number; quantity: number }[],
): string {
  const cart = lines
    .map((line) => `${line.productId}:${line.variantId}x${line.quantity}`)
    .sort()
    .join(',');
  return `${paymentMethodId}|${cart}`;
}

/**
 * No answer came back (a network failure, the 10 s timeout) or the server could not reach the
 * payment provider (502 to 504): the payment may or may not have happened, and only the same
 * key can find out without paying twice.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || (error.status >= 502 && error.status <= 504));
}

/**
 * The key for a click on "Pay". A deliberate new attempt gets a new key; but when the last
 * attempt ended without a known outcome and the shopper pays again for the same cart with the
 * same card, it is the same purchase: the same key, so the server answers the first result
 * (its order, one charge) instead of charging again.
 */
export function nextCheckoutAttempt(
  previous: (CheckoutAttempt & { isUnknown: boolean }) | null,
  fingerprint: string,
  newKey: () => string = () => crypto.randomUUID(),
): CheckoutAttempt {
  if (previous?.isUnknown && previous.fingerprint === fingerprint) return { key: previous.key, fingerprint };
  return { key: newKey(), fingerprint };
}

/**
 * Sends one attempt, repeating it with the same key while its outcome is unknown (a network
 * retry repeats the same attempt); any answer, success or refusal, ends it.
 */
export async function sendWithRetries<T>(
  send: () => Promise<T>,
  { retries = 2, delayMs = 1_000 }: { retries?: number; delayMs?: number } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= retries || !isOutcomeUnknown(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * (attempt + 1)));
    }
  }
}
