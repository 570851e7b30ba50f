import type { ItemPlanChange, Order, OrderAdjustment, OrderItem } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { lineCost, moneyRowFigure, orderMoneyRows, planChangeWords, revokedWords } from './order-money-format';

const item = (id: string, productName: string, planName: string) =>
  ({ id, productName, planName }) as Pick<OrderItem, 'id' | 'productName' | 'planName'> as OrderItem;

const adjustment = (overrides: Partial<OrderAdjustment>): OrderAdjustment => ({
  adjustmentId: 'a1',
  itemId: 'reel',
  kind: 'plan_change',
  fromPlanName: null,
  toPlanName: null,
  chargedCents: 0,
  refundedCents: 0,
  at: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const rowsOf = (money: Order['money']) =>
  orderMoneyRows({ money, items: [item('reel', 'Reelsmith', 'Tier 2'), item('sheet', 'Sheetsense', 'Monthly')] })?.map(
    (row) => [row.label, moneyRowFigure(row, 'USD')],
  ) ?? null;

describe('orderMoneyRows', () => {
  it('has nothing to add while nothing moved after checkout', () => {
    expect(rowsOf({ checkoutCents: 14_800, adjustments: [], chargedBackCents: 0, netPaidCents: 14_800 })).toBeNull();
  });

  it('lists the checkout total, the upgrade’s charge and the refund with their signs, then the server’s net', () => {
    const money = {
      checkoutCents: 14_800,
      adjustments: [
        adjustment({ adjustmentId: 'up', fromPlanName: 'Tier 1', toPlanName: 'Tier 2', chargedCents: 7000 }),
        adjustment({ adjustmentId: 'back', itemId: 'sheet', kind: 'refund', refundedCents: 7900 }),
      ],
      chargedBackCents: 0,
      netPaidCents: 13_900,
    };
    expect(rowsOf(money)).toEqual([
      ['Order total at checkout', '$148'],
      ['Reelsmith: upgrade from Tier 1 to Tier 2', '+$70'],
      ['Sheetsense: refund of Monthly', '−$79'],
      ['Net paid', '$139'],
    ]);
  });

  it('writes a downgrade as money back, counts a line’s renewals together, and names a dispute', () => {
    const money = {
      checkoutCents: 24_000,
      adjustments: [
        adjustment({ adjustmentId: 'down', fromPlanName: 'Tier 3', toPlanName: 'Tier 2', refundedCents: 11_000 }),
        adjustment({ adjustmentId: 'r1', itemId: 'sheet', kind: 'renewal', chargedCents: 900 }),
        adjustment({ adjustmentId: 'r2', itemId: 'sheet', kind: 'renewal', chargedCents: 900 }),
      ],
      chargedBackCents: 900,
      netPaidCents: 24_000 - 11_000 + 1800 - 900,
    };
    expect(rowsOf(money)).toEqual([
      ['Order total at checkout', '$240'],
      ['Reelsmith: downgrade from Tier 3 to Tier 2', '−$110'],
      ['Sheetsense: 2 renewals', '+$18'],
      ['Taken back by a card dispute', '−$9'],
      ['Net paid', '$139'],
    ]);
  });
});

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
