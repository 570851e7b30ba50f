import { describe, expect, it } from 'vitest';
import { lineWords } from './order-line-words';

const line = { quantity: 1, price: 6900, amount: 6900, taxCents: 0, currency: 'USD', planChanges: [] };

describe('an admin order line', () => {
  it('is the unit price for one seat, the amount for several', () => {
    expect(lineWords(line)).toBe('1 × $69');
    expect(lineWords({ ...line, quantity: 2, amount: 13_800 })).toBe('2 × $69 = $138');
  });

  it('names the coupon’s share and the VAT checkout charged on top', () => {
    // 2 × $50 with 20% off, for a German buyer: $80 and $15.20 of VAT were charged.
    expect(lineWords({ ...line, quantity: 2, price: 5000, amount: 8000, taxCents: 1520 })).toBe(
      '2 × $50 less coupon $20 = $80 + VAT $15.20',
    );
  });

  it('leaves checkout’s VAT out once the plan changed: the money rows say what moved', () => {
    const upgrade = {
      adjustmentId: 'a1',
      fromPlanName: 'Tier 1',
      toPlanName: 'Tier 2',
      changedAt: '2026-11-24T10:00:00.000Z',
      priceCents: 7000,
      chargedCents: 8330,
      refundedCents: 0,
    };
    expect(lineWords({ ...line, price: 13_900, amount: 13_900, taxCents: 1311, planChanges: [upgrade] })).toBe(
      '1 × $139',
    );
  });
});
