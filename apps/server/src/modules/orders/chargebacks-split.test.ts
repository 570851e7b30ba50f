// How a dispute's amount is spread over the payment's charges (decision 039): in proportion to
// what each holds, never more, each part with the VAT its share held.
import { describe, expect, it } from 'vitest';
import { type DisputedCharge, splitChargeback } from './chargebacks.sql';

const charge = (movementId: string, heldCents: number, heldTaxCents: number): DisputedCharge => ({
  movementId,
  itemId: `item-${movementId}`,
  heldCents,
  heldTaxCents,
});

describe('splitChargeback', () => {
  it('takes everything each charge holds, with all its VAT', () => {
    const charges = [charge('a', 3_570, 570), charge('b', 5_950, 950)];
    expect(splitChargeback(charges, 'all')).toEqual([
      { movementId: 'a', itemId: 'item-a', amountCents: 3_570, taxCents: 570 },
      { movementId: 'b', itemId: 'item-b', amountCents: 5_950, taxCents: 950 },
    ]);
    expect(splitChargeback(charges, 9_520)).toEqual(splitChargeback(charges, 'all'));
  });

  it('spreads a part in proportion, the rounding cents to the first charges, VAT rounded half up', () => {
    const parts = splitChargeback([charge('a', 3_570, 570), charge('b', 5_950, 950)], 4_761);
    expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(4_761);
    expect(parts).toEqual([
      { movementId: 'a', itemId: 'item-a', amountCents: 1_786, taxCents: 285 },
      { movementId: 'b', itemId: 'item-b', amountCents: 2_975, taxCents: 475 },
    ]);
  });

  it('never takes more than the charges hold, and skips charges that hold nothing', () => {
    const parts = splitChargeback([charge('a', 0, 0), charge('b', 1_000, 0)], 5_000);
    expect(parts).toEqual([{ movementId: 'b', itemId: 'item-b', amountCents: 1_000, taxCents: 0 }]);
    expect(splitChargeback([charge('a', 0, 0)], 'all')).toEqual([]);
  });
});
