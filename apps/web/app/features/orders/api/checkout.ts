import type { CheckoutInput, CheckoutResult } from '@everdeal/contracts';
import { callApi } from '~/lib/api-client';
import { sendWithRetries } from '../checkout-attempt';

/**
 * `orders/checkout` for one attempt: repeated with the same key while no answer comes back, so
 * a network retry can never be a second payment (requirements §15). Silent: the checkout step
 * shows a refusal beside the Pay button, where it stays.
 */
export function checkoutCart(input: CheckoutInput): Promise<CheckoutResult> {
  return sendWithRetries(() => callApi('orders/checkout', input, { silent: true }));
}
