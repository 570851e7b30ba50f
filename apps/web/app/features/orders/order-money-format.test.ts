import type { ItemPlanChange } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { lineCost, planChangeWords, revokedWords } from './order-money-format';

describe('a line’s cost', () => {
  const upgrade: ItemPlanChange = {
    adjustmentId: 'up',
    fromPlanName: 'Tier 1',
    toPlanName: 'Tier 2',
    changedAt: '2026-11-24T10:00:00.000Z',
    priceCents: 7000,
    chargedCents: 7000,
    refundedCents: 0,
  };
  const lifetime = {
    planKind: 'lifetime' as const,
    billingInterval: null,
    currency: 'USD',
    amount: 13_900,
    paidCents: 13_900,
    checkoutCents: 6900,
    planChanges: [upgrade],
  };

  it('is what a lifetime line cost, its plan changes included; a subscription’s price per period', () => {
    expect(lineCost(lifetime)).toBe('$139');
    expect(lineCost({ ...lifetime, planKind: 'subscription', billingInterval: 'year', amount: 7900 })).toBe('$79/year');
  });

  it('says how the price came about once the plan changed', () => {
    expect(planChangeWords(lifetime)).toBe('Tier 1 $69 + upgrade to Tier 2 $70');
    const back = { ...upgrade, fromPlanName: 'Tier 2', toPlanName: 'Tier 1', priceCents: -7000 };
    expect(planChangeWords({ ...lifetime, planChanges: [upgrade, back] })).toBe(
      'Tier 1 $69 + upgrade to Tier 2 $70 − downgrade to Tier 1 $70',
    );
    expect(planChangeWords({ ...lifetime, planChanges: [] })).toBeNull();
  });
});

describe('revokedWords', () => {
  const day = (iso: string) => iso.slice(0, 10);
  it('says why a code stopped working: a plan change is not a refund', () => {
    const at = '2026-11-24T10:00:00.000Z';
    expect(revokedWords({ revocation: { reason: 'plan_change', planName: 'Tier 2', at } }, day)).toBe(
      'Replaced by your plan change to Tier 2 on 2026-11-24',
    );
    expect(revokedWords({ revocation: { reason: 'refund', planName: null, at } }, day)).toBe(
      'Revoked by the refund on 2026-11-24',
    );
    expect(revokedWords({ revocation: { reason: 'chargeback', planName: null, at: null } }, day)).toBe(
      'Revoked after a card dispute',
    );
    expect(revokedWords({ revocation: { reason: 'subscription_ended', planName: null, at } }, day)).toBe(
      'Stopped when the subscription ended on 2026-11-24',
    );
    expect(revokedWords({}, day)).toBe('Revoked');
  });
});
