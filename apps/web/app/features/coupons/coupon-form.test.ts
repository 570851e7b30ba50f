import { describe, expect, it } from 'vitest';
import { couponChanges, couponInput, discountText, dollarsToCents, editValues, usesText } from './coupon-form';
import { historyFields, historyTitle } from './coupon-history';

const blank = {
  code: ' spring-10 ',
  kind: 'percent' as const,
  value: '10',
  productIds: [],
  maxUses: '',
  maxUsesPerUser: '',
  startsAt: '',
  endsAt: '',
};

describe('coupon form', () => {
  it('sends only what was filled in', () => {
    expect(couponInput(blank)).toEqual({ code: 'spring-10', percentOff: 10 });
    expect(couponInput({ ...blank, kind: 'amount', value: '12.5', productIds: [3], maxUses: '5' })).toEqual({
      code: 'spring-10',
      amountOffCents: 1250,
      productIds: [3],
      maxUses: 5,
    });
  });

  it('reads dollars to cents, NaN for what is not an amount', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('0.05')).toBe(5);
    expect(dollarsToCents('1.234')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
  });

  it('says the discount and the uses', () => {
    expect(discountText({ percentOff: 20, amountOffCents: null })).toBe('20% off');
    expect(discountText({ percentOff: null, amountOffCents: 500 })).toBe('$5 off');
    expect(usesText({ uses: 3, maxUses: 10 })).toBe('3 of 10 uses');
    expect(usesText({ uses: 1, maxUses: null })).toBe('1 use');
  });
});

describe('coupon edit dialog', () => {
  const coupon = { maxUses: 10, maxUsesPerUser: null, startsAt: null, endsAt: '2026-12-01T10:00:30.000Z' };

  it('sends only the fields changed; an emptied one is null, an untouched time keeps its seconds', () => {
    const initial = editValues(coupon);
    expect(initial.maxUses).toBe('10');
    expect(couponChanges(initial, initial)).toEqual({});
    expect(couponChanges(initial, { ...initial, maxUses: '', maxUsesPerUser: ' 2 ' })).toEqual({
      maxUses: null,
      maxUsesPerUser: 2,
    });
    expect(couponChanges(initial, { ...initial, endsAt: '' })).toEqual({ endsAt: null });
  });
});

describe('coupon history', () => {
  const time = (iso: string) => `at ${iso}`;

  it('names the action and who did it, and reads each field before and after', () => {
    expect(historyTitle({ action: 'coupon.deactivate', actor: 'Everdeal admin' })).toBe(
      'Deactivated by Everdeal admin',
    );
    expect(
      historyFields({ before: { maxUses: null, endsAt: 'x' }, after: { maxUses: 5, endsAt: null } }, time),
    ).toEqual(['Most uses in all: no limit → 5', 'Ends: at x → never']);
    expect(
      historyFields({ before: null, after: { code: 'SPRING', amountOffCents: 500, productIds: null } }, time),
    ).toEqual(['Code: SPRING', 'Amount off: $5', 'Products: whole store']);
    expect(historyFields({ before: { isActive: true }, after: { isActive: false } }, time)).toEqual([
      'Active: yes → no',
    ]);
  });
});
