import { maskCode } from '@everdeal/contracts/seller-rules';
import { describe, expect, it } from 'vitest';
import { readSalesFilter, redemptionText, refundWindowText, salesFilterSearch } from './sales-format';

describe('the sales page’s address', () => {
  it('reads product, status and page, and leaves out anything else', () => {
    expect(readSalesFilter(new URLSearchParams('product=12&status=refunded&page=3'))).toEqual({
      page: 3,
      productId: 12,
      status: 'refunded',
    });
    expect(readSalesFilter(new URLSearchParams('product=-1&status=shipped&page=0'))).toEqual({ page: 1 });
    expect(readSalesFilter(new URLSearchParams('product=1e3&page=99999999'))).toEqual({ page: 10_000 });
  });

  it('writes a filter back without its defaults', () => {
    expect(salesFilterSearch({ page: 1 })).toBe('');
    expect(salesFilterSearch({ page: 2, productId: 5, status: 'plan_changed' })).toBe(
      '?product=5&status=plan_changed&page=2',
    );
  });
});

describe('a sale’s cells', () => {
  it('says whether the buyer redeemed the codes', () => {
    expect(redemptionText({ codes: 0, codesRedeemed: 0 })).toBe('Codes revoked');
    expect(redemptionText({ codes: 2, codesRedeemed: 0 })).toBe('Not redeemed');
    expect(redemptionText({ codes: 2, codesRedeemed: 1 })).toBe('1 of 2 redeemed');
    expect(redemptionText({ codes: 2, codesRedeemed: 2 })).toBe('Redeemed');
  });

  it('says whether the refund window is open', () => {
    expect(refundWindowText({ refundableUntil: null, isPending: false })).toBe('No refunds');
    expect(refundWindowText({ refundableUntil: '2027-01-27T12:00:00.000Z', isPending: true })).toMatch(/^Open until /);
    expect(refundWindowText({ refundableUntil: '2027-01-27T12:00:00.000Z', isPending: false })).toMatch(/^Closed /);
  });

  it('masks a code to its last 4 characters', () => {
    expect(maskCode('ABCD-EFGH-1234')).toBe('••••••••1234');
  });
});
