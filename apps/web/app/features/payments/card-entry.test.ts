import { CardMessage } from '@everdeal/contracts/card';
import { describe, expect, it } from 'vitest';
import {
  cardFieldError,
  cardFieldOfMessage,
  cardName,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  toCardInput,
} from './card-entry';

const now = new Date(Date.UTC(2026, 10, 23));
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('card entry (requirements §5: refused at entry with a field message)', () => {
  it('takes a good card', () => {
    for (const field of ['number', 'expiry', 'cvc'] as const) {
      expect(cardFieldError(field, good, now)).toBeUndefined();
    }
  });

  it.each([
    ['number', { ...good, number: '4242 4242 4242 4241' }, CardMessage.numberInvalid],
    ['number', { ...good, number: '4242' }, CardMessage.numberInvalid],
    ['expiry', { ...good, expiry: '13/30' }, CardMessage.expiryMonthInvalid],
    ['expiry', { ...good, expiry: 'soon' }, CardMessage.expiryMonthInvalid],
    ['expiry', { ...good, expiry: '10/26' }, CardMessage.expired],
    ['expiry', { ...good, expiry: '01/2020' }, CardMessage.expired],
    ['expiry', { ...good, expiry: '01/2999' }, CardMessage.expiryYearInvalid],
    ['cvc', { ...good, cvc: '12' }, CardMessage.cvcInvalid],
    ['cvc', { ...good, cvc: '1234' }, CardMessage.cvcInvalid],
    ['cvc', { ...good, number: '3782 822463 10005', cvc: '123' }, CardMessage.cvcInvalid],
  ] as const)('%s of %j: %s', (field, values, message) => {
    expect(cardFieldError(field, values, now)).toBe(message);
  });

  it('accepts an expiry in the current month (valid through its last day)', () => {
    expect(cardFieldError('expiry', { ...good, expiry: '11/26' }, now)).toBeUndefined();
  });

  it('reads the expiry as printed', () => {
    expect(parseExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('4 / 2027')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('0427')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('')).toBeNull();
  });

  it('sends digits and the full year', () => {
    expect(toCardInput(good)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  });

  it('puts a server refusal under its field', () => {
    expect(cardFieldOfMessage(CardMessage.numberInvalid)).toBe('number');
    expect(cardFieldOfMessage(CardMessage.expired)).toBe('expiry');
    expect(cardFieldOfMessage(CardMessage.cvcInvalid)).toBe('cvc');
    expect(cardFieldOfMessage('Too many requests, please try again later')).toBeNull();
  });

  it('groups the number as the card prints it', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4000-0000 00')).toBe('4000 0000 00');
  });

  it('names a saved card', () => {
    expect(cardName({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardName({ brand: 'other', last4: '0005' })).toBe('Card ending in 0005');
    expect(formatExpiry({ expMonth: 4, expYear: 2030 })).toBe('04/30');
  });
});
