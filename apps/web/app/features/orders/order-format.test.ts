import { describe, expect, it } from 'vitest';
import { orderNumber } from '~/shared/orders/order-number';
import { orderChoiceLabel, paymentLabel, planLabel } from './order-format';

describe('order labels', () => {
  it('quotes the number the receipt quotes', () => {
    expect(orderNumber('8f14e45f-ceea-467f-a0e3-3b3a7c3f1e0a')).toBe('8F14E45F');
  });

  it('names the card charged', () => {
    expect(paymentLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentLabel({ brand: 'unknown', last4: '0005' })).toBe('Card •••• 0005');
  });

  it('names the plan with its kind', () => {
    expect(planLabel({ planName: 'Tier 1', planKind: 'lifetime', billingInterval: null })).toBe(
      'Tier 1 · lifetime plan',
    );
    expect(planLabel({ planName: 'Pro', planKind: 'subscription', billingInterval: 'year' })).toBe(
      'Pro · billed yearly',
    );
  });
});

describe('orderChoiceLabel', () => {
  const item = (productName: string) => ({ productName }) as Parameters<typeof orderChoiceLabel>[0]['items'][0];
  const order = (names: string[]) => ({
    id: '8f14e45f-ceea-467f-a0e3-3b3a7c3f1e0a',
    createdAt: '2026-11-20T10:00:00Z',
    paidAt: null,
    items: names.map(item),
  });

  it('names the order by number, date and products', () => {
    expect(orderChoiceLabel(order(['Quillstream', 'Quillstream', 'Rankwright']), 'Nov 20, 2026')).toBe(
      'Order 8F14E45F · Nov 20, 2026 · Quillstream, Rankwright',
    );
    expect(orderChoiceLabel(order(['A', 'B', 'C', 'D']), 'Nov 20, 2026')).toBe(
      'Order 8F14E45F · Nov 20, 2026 · A, B and 2 more',
    );
  });
});
