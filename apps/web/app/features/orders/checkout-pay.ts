import { PaymentMessage } from '@everdeal/contracts/messages';
import { formatMoney } from '@everdeal/contracts/money';
import { ApiError } from '~/lib/api-client';
import { type FormError, toFormError } from '~/lib/form-error';

/**
 * The Pay button names what the card is charged, which store credit lowers (decision 030); when
 * the credit pays it all no card is charged, and the button says so.
 */
export function payButtonLabel(cardCents: number, currency: string): string {
  return cardCents > 0 ? `Pay ${formatMoney(cardCents, currency)}` : 'Pay with store credit';
}

/**
 * What the checkout says after a refused payment. The server answers 404 for a card that is not
 * the shopper's (decision 007), which the API client words "Requested resource not found"
 * (requirements §8); when the saved cards, read again, no longer hold the card paid with (removed
 * in another tab), the page says that instead. Any other refusal keeps its own words: a declined
 * card stays "Your card was declined." also when the server then removed the card.
 */
export function checkoutRefusal(error: unknown, isCardGone: boolean): FormError {
  if (isCardGone && isNotFound(error)) {
    return { message: PaymentMessage.cardNoLongerSaved, tone: 'error', status: 404 };
  }
  return toFormError(error);
}

/** The server's 404: for a checkout with a card, the card is not (or no longer) the shopper's. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
