import type { PaymentAction } from '@everdeal/contracts';
import { PaymentMessage } from '@everdeal/contracts/messages';
import { ApiError } from '~/lib/api-client';
import { useRootData } from '~/lib/root-data';
import { loadStripe } from '../stripe-js';
import { usePaymentConfig } from './payment-methods';

/**
 * Stripe's next action (3-D Secure) for a pending payment (decision 007): Stripe.js shows the
 * bank's challenge; afterwards the order page follows the order until the server settles it.
 * A refused challenge is a refusal like a declined card (402, Stripe's own words).
 */
export function useFinishPaymentAction() {
  const config = usePaymentConfig();
  const nonce = useRootData()?.cspNonce;
  return async (action: PaymentAction) => {
    const publishableKey = config.data?.publishableKey;
    const scriptUrl = config.data?.stripeJsUrl;
    if (!publishableKey || !scriptUrl) throw new ApiError(PaymentMessage.providerUnavailable, 503, 503);
    const stripe = await loadStripe({ publishableKey, scriptUrl }, nonce);
    const { error } = await stripe.handleNextAction({ clientSecret: action.clientSecret });
    if (error) throw new ApiError(error.message ?? PaymentMessage.cardDeclined, 402, 402);
  };
}
