import { describe, expect, it } from 'vitest';
import { cancelsOn, orderStanding } from './item-status';

const item = (status: 'active' | 'refunded') => ({ status });

describe('an order’s standing after refunds', () => {
  it('is refunded when every item is, partly refunded when some are', () => {
    expect(orderStanding({ status: 'paid', items: [item('active')] })).toBe('paid');
    expect(orderStanding({ status: 'paid', items: [item('refunded')] })).toBe('refunded');
    expect(orderStanding({ status: 'paid', items: [item('refunded'), item('active')] })).toBe('partly_refunded');
    expect(orderStanding({ status: 'pending', items: [item('active')] })).toBe('pending');
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
