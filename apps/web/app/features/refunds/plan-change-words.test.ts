import type { PlanOption } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { costOf, refundWords, renewalWords } from './plan-change-words';

const option = (overrides: Partial<PlanOption>): PlanOption => ({
  variantId: 2,
  name: 'Tier 1',
  kind: 'lifetime',
  billingInterval: null,
  price: 2000,
  currency: 'USD',
  features: [],
  direction: 'downgrade',
  chargeCents: 0,
  refundCents: 0,
  creditRefundCents: 0,
  taxCents: 0,
  renewalCents: null,
  available: true,
  unavailableReason: null,
  ...overrides,
});

describe('what a plan change moves', () => {
  it('a downgrade paid by card: all of it, VAT named, back to the card', () => {
    const down = option({ refundCents: 5000, taxCents: 950 });
    expect(costOf(down)).toBe('Get $59.50 back');
    expect(refundWords(down)).toBe('$59.50 goes back to the card you paid with, of which $9.50 is VAT.');
  });

  it('a downgrade of an item paid partly with store credit: the card first, the rest as credit', () => {
    // $100 paid $70 credit and $30 card, down to $20: $30 to the card, $50 as credit.
    const down = option({ refundCents: 8000, creditRefundCents: 5000 });
    expect(costOf(down)).toBe('Get $80 back');
    expect(refundWords(down)).toBe(
      '$30 goes back to the card you paid with, and $50 you paid with store credit returns as credit, right away.',
    );
    expect(refundWords(option({ refundCents: 5000, creditRefundCents: 5000 }))).toBe(
      '$50 you paid with store credit returns as credit, right away.',
    );
  });

  it('a subscription renews at the server’s figure: every seat, VAT included', () => {
    const yearly = option({
      kind: 'subscription',
      billingInterval: 'year',
      price: 10_000,
      direction: 'upgrade',
      renewalCents: 23_800,
    });
    expect(renewalWords(yearly, 2)).toBe('$238 a year (VAT included)');
    expect(renewalWords({ ...yearly, renewalCents: 20_000 }, 2)).toBe('$200 a year');
  });
});
