import type { Order, OrderAdjustment, OrderItem } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { moneyRowFigure, orderHeadline, orderMoneyRows } from './order-money-rows';

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

describe('orderHeadline', () => {
  const money = { checkoutCents: 8211, adjustments: [], chargedBackCents: 0, netPaidCents: 8211 };

  it('is what checkout charged, VAT included, while nothing moved since', () => {
    expect(orderHeadline({ money, totalWithTaxCents: 8211 })).toEqual({ label: 'Total', cents: 8211 });
  });

  it('is the net paid once a refund or a dispute moved money', () => {
    const refunded = { ...money, adjustments: [adjustment({ kind: 'refund', refundedCents: 8211 })], netPaidCents: 0 };
    expect(orderHeadline({ money: refunded, totalWithTaxCents: 8211 })).toEqual({ label: 'Net paid', cents: 0 });
    const disputed = { ...money, chargedBackCents: 8211, netPaidCents: 0 };
    expect(orderHeadline({ money: disputed, totalWithTaxCents: 8211 })).toEqual({ label: 'Net paid', cents: 0 });
  });
});
