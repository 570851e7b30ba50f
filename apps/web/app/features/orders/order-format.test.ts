import { describe, expect, it } from 'vitest';
import { orderChoiceLabel, orderNumber, paymentLabel, planLabel, refundTimeLeft } from './order-format';

const now = Date.parse('2026-11-23T06:00:00Z');
const after = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('refundTimeLeft (requirements §11: the refund deadline as a countdown)', () => {
  it.each([
    [60 * DAY, '60 days'],
    [12 * DAY + 4 * HOUR + 30 * MINUTE, '12 days 4 hours'],
    [1 * DAY + 1 * HOUR, '1 day 1 hour'],
    [3 * HOUR + 20 * MINUTE + 5_000, '3 hours 20 minutes'],
    [45 * MINUTE, '45 minutes'],
    [1 * MINUTE, '1 minute'],
    [59_000, 'less than a minute'],
  ])('%i ms left → %s', (ms, text) => {
    expect(refundTimeLeft(after(ms), now)).toBe(text);
  });

  it('is null once the deadline has passed', () => {
    expect(refundTimeLeft(after(0), now)).toBeNull();
    expect(refundTimeLeft(after(-DAY), now)).toBeNull();
  });
});

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
