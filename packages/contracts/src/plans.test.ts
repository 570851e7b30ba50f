import { describe, expect, it } from 'vitest';
import {
  describePlanFeature,
  featureRows,
  firstYearCents,
  formatPlanPrice,
  planAdditions,
  recurringTotals,
} from './plans';

describe('plan prices (decision 013)', () => {
  it('say their period wherever a subscription price appears', () => {
    expect(formatPlanPrice(5900, 'USD', null)).toBe('$59');
    expect(formatPlanPrice(900, 'USD', 'month')).toBe('$9/month');
    expect(formatPlanPrice(7900, 'USD', 'year')).toBe('$79/year');
  });

  it('compare by first-year cost: twelve monthly payments, one yearly, a lifetime price once', () => {
    expect(firstYearCents(900, 'month')).toBe(10_800);
    expect(firstYearCents(7900, 'year')).toBe(7900);
    expect(firstYearCents(3900, null)).toBe(3900);
  });

  it('sum what recurs per period, leaving out what is paid once', () => {
    expect(
      recurringTotals([
        { price: 900, quantity: 2, billingInterval: 'month' },
        { price: 5900, quantity: 1, billingInterval: null },
        { price: 7900, quantity: 1, billingInterval: 'year' },
        { price: 100, quantity: 3, billingInterval: 'month' },
      ]),
    ).toEqual([
      { interval: 'month', amount: 2100 },
      { interval: 'year', amount: 7900 },
    ]);
    expect(recurringTotals([{ price: 5900, quantity: 1, billingInterval: null }])).toEqual([]);
  });
});

describe('the feature matrix (requirements §10)', () => {
  const tier1 = {
    featureMatrix: [
      { name: 'Proposals per month', value: '100' },
      { name: 'E-signature', value: null },
      { name: 'Brands', value: '1' },
    ],
  };
  const tier2 = {
    featureMatrix: [
      { name: 'Proposals per month', value: 'Unlimited' },
      { name: 'E-signature', value: null },
      { name: 'Brands', value: '5' },
      { name: 'Stripe deposits', value: null },
    ],
  };

  it('words a cell with its amount, or its name alone', () => {
    expect(describePlanFeature({ name: 'Brands', value: '5' })).toBe('Brands: 5');
    expect(describePlanFeature({ name: 'E-signature', value: null })).toBe('E-signature');
  });

  it('has the rows of the richest plan first, then any a lower plan alone has', () => {
    expect(featureRows([tier1, tier2])).toEqual(['Proposals per month', 'E-signature', 'Brands', 'Stripe deposits']);
    const odd = { featureMatrix: [{ name: 'Legacy export', value: null }] };
    expect(featureRows([odd, tier2])).toEqual([
      'Proposals per month',
      'E-signature',
      'Brands',
      'Stripe deposits',
      'Legacy export',
    ]);
  });

  it('says what a plan adds over the tier below: new features and other amounts, not what both have', () => {
    expect(planAdditions(tier2, tier1)).toEqual([
      { name: 'Proposals per month', value: 'Unlimited' },
      { name: 'Brands', value: '5' },
      { name: 'Stripe deposits', value: null },
    ]);
    expect(planAdditions(tier1)).toEqual(tier1.featureMatrix);
  });
});
