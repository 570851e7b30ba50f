import { describe, expect, it } from 'vitest';
import { MAX_CREDIT_GRANT_CENTS, parseCreditAmount } from './wallet-rules';

describe('parseCreditAmount', () => {
  it.each([
    ['12.50', 1_250],
    ['12.5', 1_250],
    ['12', 1_200],
    ['0.01', 1],
    ['-5', -500],
    ['- $5.25', -525],
    ['+3', 300],
    ['$1,000', 100_000],
    [' 10000 ', MAX_CREDIT_GRANT_CENTS],
    ['-10000.00', -MAX_CREDIT_GRANT_CENTS],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseCreditAmount(text)).toEqual({ cents });
  });

  it.each([
    ['', 'Enter an amount in dollars, such as 12.50, or -5 to correct'],
    ['abc', 'Enter an amount in dollars, such as 12.50, or -5 to correct'],
    ['1.234', 'Enter an amount in dollars, such as 12.50, or -5 to correct'],
    ['1e3', 'Enter an amount in dollars, such as 12.50, or -5 to correct'],
    ['0', 'Enter an amount other than zero'],
    ['-0.00', 'Enter an amount other than zero'],
    ['10000.01', 'Enter at most $10,000 either way'],
    ['-99999999999', 'Enter at most $10,000 either way'],
  ])('refuses %j', (text, error) => {
    expect(parseCreditAmount(text)).toEqual({ error });
  });
});
