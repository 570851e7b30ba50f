import { describe, expect, it } from 'vitest';
import { orderNumber } from '~/shared/orders/order-number';
import {
  itemPaymentWords,
  orderChoiceLabel,
  orderPaymentWords,
  orderTaxWords,
  paymentLabel,
  planLabel,
} from './order-format';

describe('order labels', () => {
  it('quotes the number the receipt quotes', () => {
    expect(orderNumber('8f14e45f-ceea-467f-a0e3-3b3a7c3f1e0a')).toBe('8F14E45F');
  });

  it('names the card charged', () => {
    expect(paymentLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentLabel({ brand: 'unknown', last4: '0005' })).toBe('Card •••• 0005');
  });

  it('says how an order and an item were paid: card, store credit, or both (decision 030)', () => {
    const card = { brand: 'visa', last4: '4242' };
    const order = { total: 4900, currency: 'USD', payment: card };
    expect(orderPaymentWords({ ...order, paidWithCreditCents: 0 })).toBe('Paid $49 with Visa •••• 4242');
    expect(orderPaymentWords({ ...order, paidWithCreditCents: 3000 })).toBe(
      'Paid $30 with store credit and $19 with Visa •••• 4242',
    );
    expect(orderPaymentWords({ ...order, paidWithCreditCents: 4900, payment: null })).toBe(
      'Paid $49 with store credit',
    );
    expect(orderPaymentWords({ ...order, paidWithCreditCents: 0 }, { atCheckout: true })).toBe(
      'Paid at checkout: $49 with Visa •••• 4242',
    );
    const line = { amount: 2900, checkoutCents: 2900, paidWithCreditCents: 1115, currency: 'USD', planChanges: [] };
    expect(itemPaymentWords(line)).toBe('Paid $11.15 with store credit and $17.85 by card');
    expect(itemPaymentWords({ ...line, paidWithCreditCents: 2900 })).toBe('Paid $29 with store credit');
    expect(itemPaymentWords({ ...line, paidWithCreditCents: 0 })).toBeNull();
    // Once the line's price moved, its credit share is what it still holds, not checkout's split.
    const downgrade = {
      adjustmentId: 'a1',
      fromPlanName: 'Tier 2',
      toPlanName: 'Tier 1',
      changedAt: '2026-11-24T10:00:00.000Z',
      priceCents: -1000,
      chargedCents: 0,
      refundedCents: 1000,
    };
    expect(itemPaymentWords({ ...line, amount: 1900, planChanges: [downgrade] })).toBeNull();
    // A subscription renewed at a lower price, without a plan change.
    expect(itemPaymentWords({ ...line, amount: 1500 })).toBeNull();
  });

  it('says the order’s VAT, checkout’s once money moved since (decision 037)', () => {
    const order = { taxCents: 931, taxRate: 19, taxReverseCharge: false, currency: 'USD' };
    expect(orderTaxWords(order)).toBe('Includes VAT 19%: $9.31');
    expect(orderTaxWords(order, { atCheckout: true })).toBe('Includes VAT 19% at checkout: $9.31');
    expect(orderTaxWords({ ...order, taxCents: 0, taxReverseCharge: true })).toBe('VAT 0%: reverse charge');
    expect(orderTaxWords({ ...order, taxCents: 0 })).toBeNull();
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
