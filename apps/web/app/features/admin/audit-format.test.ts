import { describe, expect, it } from 'vitest';
import { auditValue, changedFields } from './audit-format';

describe('changedFields', () => {
  it('reads a seller’s price cut as money, and only the fields that changed', () => {
    const fields = changedFields({
      before: { priceCents: 5900, name: 'Tier 1', refundWindowDays: 30 },
      after: { priceCents: 500, name: 'Tier 1', refundWindowDays: 60 },
    });
    expect(fields).toEqual([
      { key: 'priceCents', label: 'price', before: '$59', after: '$5' },
      { key: 'refundWindowDays', label: 'refund window', before: '30 days', after: '60 days' },
    ]);
  });

  it('shows an added plan with nothing before it', () => {
    expect(changedFields({ before: null, after: { originalPriceCents: 399_900, features: ['A', 'B'] } })).toEqual([
      { key: 'originalPriceCents', label: 'original price', before: null, after: '$3,999' },
      { key: 'features', label: 'features', before: null, after: 'A, B' },
    ]);
  });
});

describe('auditValue', () => {
  it('reads a grant of store credit as the balance before and after', () => {
    expect(changedFields({ before: { balanceCents: 0 }, after: { balanceCents: 1_250 } })).toEqual([
      { key: 'balanceCents', label: 'store credit balance', before: '$0', after: '$12.50' },
    ]);
  });

  it('counts one refund day in the singular', () => {
    expect(auditValue('refundWindowDays', 1)).toBe('1 day');
    expect(auditValue('refundWindowDays', 14)).toBe('14 days');
    expect(auditValue('refundWindowDays', 0)).toBe('no refunds');
  });
});
