import { describe, expect, it } from 'vitest';
import { couponInput, discountText, dollarsToCents, usesText } from './coupon-form';

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
