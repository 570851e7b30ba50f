import { describe, expect, it } from 'vitest';
import { cardBrand, cvcLength, isCardExpired, isValidCardNumber, normalizeCardNumber, passesLuhn } from './card';
import { CardInputSchema } from './payments';

describe('card entry checks', () => {
  it('accepts the test cards of requirements §11 and refuses a number with one wrong digit', () => {
    for (const number of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '5555555555554444',
      '378282246310005',
    ]) {
      expect(passesLuhn(number), number).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242424242a2')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('takes numbers typed in groups, and only 12 to 19 digits', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('0')).toBe(false);
    expect(isValidCardNumber('00000000000')).toBe(false);
    expect(isValidCardNumber('0'.repeat(20))).toBe(false);
  });

  it('tells the network from the leading digits, and the CVC length from the network', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('diners');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('6200000000000005')).toBe('unionpay');
    expect(cardBrand('9999999999999995')).toBe('unknown');
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
  });

  it('a card is valid through the last day of its month (UTC)', () => {
    const lastDay = new Date('2031-04-30T23:59:59Z');
    expect(isCardExpired(4, 2031, lastDay)).toBe(false);
    expect(isCardExpired(4, 2031, new Date('2031-05-01T00:00:00Z'))).toBe(true);
    expect(isCardExpired(12, 2030, lastDay)).toBe(true);
    expect(isCardExpired(1, 2032, lastDay)).toBe(false);
  });

  it('the form schema normalises the number and reads a two-digit year as 20xx', () => {
    const parsed = CardInputSchema.parse({ number: '4242 4242 4242 4242', expMonth: 4, expYear: 31, cvc: '123' });
    expect(parsed).toEqual({ number: '4242424242424242', expMonth: 4, expYear: 2031, cvc: '123' });
  });
});
