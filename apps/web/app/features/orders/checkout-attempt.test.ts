import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { checkoutFingerprint, isOutcomeUnknown, nextCheckoutAttempt, sendWithRetries } from './checkout-attempt';

const lines = [
  { productId: 2, variantId: 5, quantity: 1 },
  { productId: 1, variantId: 3, quantity: 2 },
];

describe('checkout idempotency keys (requirements §15)', () => {
  it('fingerprints the card and the lines, whatever their order', () => {
    expect(checkoutFingerprint('pm', lines)).toBe(checkoutFingerprint('pm', [...lines].reverse()));
    expect(checkoutFingerprint('pm', lines)).not.toBe(checkoutFingerprint('other', lines));
    expect(checkoutFingerprint('pm', lines)).not.toBe(
      checkoutFingerprint('pm', [{ ...lines[0], quantity: 2 } as (typeof lines)[0], lines[1] as (typeof lines)[0]]),
    );
  });

  it('makes a new key for each deliberate attempt', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const first = nextCheckoutAttempt(null, 'f', newKey);
    expect(first.key).toBe('key-1');
    // The first attempt was answered (declined): paying again is a new attempt.
    expect(nextCheckoutAttempt({ ...first, isUnknown: false }, 'f', newKey).key).toBe('key-2');
  });

  it('keeps the key when the last attempt has no known outcome and nothing changed', () => {
    const previous = { key: 'key-1', fingerprint: 'f', isUnknown: true };
    expect(nextCheckoutAttempt(previous, 'f', () => 'key-2').key).toBe('key-1');
    expect(nextCheckoutAttempt(previous, 'another cart', () => 'key-2').key).toBe('key-2');
  });

  it('knows which failures leave the outcome unknown', () => {
    expect(isOutcomeUnknown(new ApiError('Network error', null, null))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('Server error', 503, 503))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('Your card was declined.', 402, 402))).toBe(false);
    expect(isOutcomeUnknown(new ApiError('Sold out', 409, 409))).toBe(false);
    expect(isOutcomeUnknown(new ApiError('Server error', 500, 500))).toBe(false);
    expect(isOutcomeUnknown(new Error('x'))).toBe(false);
  });

  it('repeats a request whose outcome is unknown, then gives up', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('Network error', null, null))
      .mockResolvedValueOnce('order');
    await expect(sendWithRetries(send, { delayMs: 0 })).resolves.toBe('order');
    expect(send).toHaveBeenCalledTimes(2);

    const down = vi.fn(async () => {
      throw new ApiError('Server error', 503, 503);
    });
    await expect(sendWithRetries(down, { retries: 2, delayMs: 0 })).rejects.toMatchObject({ status: 503 });
    expect(down).toHaveBeenCalledTimes(3);
  });

  it('does not repeat an answered refusal', async () => {
    const declined = vi.fn(async () => {
      throw new ApiError('Your card was declined.', 402, 402);
    });
    await expect(sendWithRetries(declined, { delayMs: 0 })).rejects.toThrow('Your card was declined.');
    expect(declined).toHaveBeenCalledOnce();
  });
});
