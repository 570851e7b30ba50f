import { describe, expect, it } from 'vitest';
import { cancelsOn, keptSavings, orderStanding } from './item-status';

const item = (status: 'active' | 'refunded', price = 3900, originalPrice = 9900) => ({
  status,
  price,
  originalPrice,
  quantity: 1,
});

describe('an order’s standing after refunds', () => {
  it('is refunded when every item is, partly refunded when some are', () => {
    expect(orderStanding({ status: 'paid', items: [item('active')] })).toBe('paid');
    expect(orderStanding({ status: 'paid', items: [item('refunded')] })).toBe('refunded');
    expect(orderStanding({ status: 'paid', items: [item('refunded'), item('active')] })).toBe('partly_refunded');
    expect(orderStanding({ status: 'pending', items: [item('active')] })).toBe('pending');
  });

  it('does not count a refunded item in what the order saved', () => {
    expect(keptSavings({ discount: 6000, items: [item('refunded')] })).toBe(0);
    expect(keptSavings({ discount: 12_000, items: [item('refunded'), item('active')] })).toBe(6000);
    expect(keptSavings({ discount: 6000, items: [item('active')] })).toBe(6000);
  });

  it('names the day a subscription set to cancel ends', () => {
    const subscription = {
      status: 'active' as const,
      planKind: 'subscription' as const,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-12-23T10:00:00.000Z',
    };
    expect(cancelsOn(subscription)).toBe('2026-12-23T10:00:00.000Z');
    expect(cancelsOn({ ...subscription, cancelAtPeriodEnd: false })).toBeNull();
    expect(cancelsOn({ ...subscription, status: 'ended' })).toBeNull();
  });
});
