import { HttpErrorMessage, PaymentMessage } from '@everdeal/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { checkoutRefusal, payButtonLabel } from './checkout-pay';

describe('payButtonLabel', () => {
  it('names what the card is charged, not the order’s total', () => {
    expect(payButtonLabel(1410, 'USD')).toBe('Pay $14.10');
    expect(payButtonLabel(4900, 'USD')).toBe('Pay $49');
  });

  it('says the store credit pays when no card is charged', () => {
    expect(payButtonLabel(0, 'USD')).toBe('Pay with store credit');
  });
});

describe('checkoutRefusal', () => {
  const notFound = new ApiError(HttpErrorMessage[404], 404, 404);
  const declined = new ApiError(PaymentMessage.cardDeclined, 402, 402);

  it('says the card is no longer saved when the 404 was for a card that is gone', () => {
    expect(checkoutRefusal(notFound, true)).toEqual({
      message: PaymentMessage.cardNoLongerSaved,
      tone: 'error',
      status: 404,
    });
  });

  it('keeps requirements §8’s words for a 404 while the card is still saved', () => {
    expect(checkoutRefusal(notFound, false)).toEqual({ message: HttpErrorMessage[404], tone: 'error', status: 404 });
  });

  it('keeps a decline’s message also when the server removed the declined card', () => {
    expect(checkoutRefusal(declined, true)).toEqual({
      message: PaymentMessage.cardDeclined,
      tone: 'error',
      status: 402,
    });
  });
});
