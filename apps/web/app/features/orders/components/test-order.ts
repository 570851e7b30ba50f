import type { Order, OrderItem } from '@everdeal/contracts';

// An order and its items as `orders/getOrders` answers them, for the order components' tests
// (never imported by the app).

export const ORDER_ID = '0b7c1d2e-3f40-4a51-8b62-7c83d94e0f15';

/** A paid lifetime item of Reelsmith, bought for $49 plus 19% VAT; overrides make it otherwise. */
export function testOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: '1a2b3c4d-5e6f-4a70-8b81-92a3b4c5d6e7',
    orderId: ORDER_ID,
    productId: 11,
    variantId: 21,
    productName: 'Reelsmith',
    productSlug: 'reelsmith',
    productLogoUrl: '/uploads/reelsmith.webp',
    planName: 'Tier 1',
    planKind: 'lifetime',
    billingInterval: null,
    quantity: 1,
    price: 4900,
    originalPrice: 9900,
    amount: 4900,
    checkoutCents: 4900,
    paidCents: 4900,
    planChanges: [],
    savedCents: 5000,
    saleDiscount: 0,
    paidWithCreditCents: 0,
    refundMoney: null,
    taxCents: 931,
    currency: 'USD',
    status: 'active',
    codes: [{ code: 'REEL-7F3K-22QX', status: 'active', redeemedAt: null }],
    redemptionUrl: 'https://reelsmith.example/redeem',
    refundWindowDays: 60,
    refundableUntil: '2027-01-19T12:00:00.000Z',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    nextRenewalAt: null,
    renewalFailures: 0,
    refundedAt: null,
    endedAt: null,
    ...overrides,
  };
}

/** A paid order of those items, VAT 19% on top, nothing moved since checkout unless overridden. */
export function testOrder(items: OrderItem[], overrides: Partial<Order> = {}): Order {
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const taxCents = items.reduce((sum, item) => sum + item.taxCents, 0);
  return {
    id: ORDER_ID,
    status: 'paid',
    createdAt: '2026-11-20T12:00:00.000Z',
    paidAt: '2026-11-20T12:00:05.000Z',
    total,
    originalTotal: items.reduce((sum, item) => sum + item.originalPrice * item.quantity, 0),
    discount: items.reduce((sum, item) => sum + (item.originalPrice * item.quantity - item.amount), 0),
    currency: 'USD',
    paidWithCreditCents: 0,
    taxCents,
    taxRate: 19,
    taxReverseCharge: false,
    totalWithTaxCents: total + taxCents,
    money: { checkoutCents: total + taxCents, adjustments: [], chargedBackCents: 0, netPaidCents: total + taxCents },
    savedCents: items.reduce((sum, item) => sum + item.savedCents, 0),
    payment: { brand: 'visa', last4: '4242' },
    items,
    invoiceNumber: 'EVD-2026-000123',
    creditNotes: [],
    adjustmentInvoices: [],
    ...overrides,
  };
}
