import { describe, expect, it } from 'vitest';
import { signedCredit, walletEntryTitle } from './wallet-entry-words';

describe('walletEntryTitle', () => {
  it('names each kind in words, a negative admin movement as a correction and a spend by its order', () => {
    expect(walletEntryTitle({ kind: 'refund', amountCents: 500 })).toBe('Refund to credit');
    expect(walletEntryTitle({ kind: 'protection', amountCents: 500 })).toBe('Lifetime promise protection');
    expect(walletEntryTitle({ kind: 'admin', amountCents: 500 })).toBe('Credit from Everdeal');
    expect(walletEntryTitle({ kind: 'admin', amountCents: -500 })).toBe('Correction by Everdeal');
    expect(
      walletEntryTitle({ kind: 'spend', amountCents: -500, orderId: '1a2b3c4d-0000-4000-8000-000000000000' }),
    ).toBe('Spent on order 1A2B3C4D');
    expect(walletEntryTitle({ kind: 'spend', amountCents: -500 })).toBe('Spent on an order');
  });

  it('names a spend given back by the unpaid order it was for (decision 030)', () => {
    expect(walletEntryTitle({ kind: 'spend', amountCents: 500, orderId: '1a2b3c4d-0000-4000-8000-000000000000' })).toBe(
      'Returned from unpaid order 1A2B3C4D',
    );
  });
});

describe('signedCredit', () => {
  it('writes the sign out, in text and in words', () => {
    expect(signedCredit(1_250)).toEqual({ text: '+$12.50', words: '$12.50 added' });
    expect(signedCredit(-400)).toEqual({ text: '\u2212$4', words: '$4 taken' });
  });
});
