import type { Order, OrderItem } from '@everdeal/contracts';
import { paidWith } from '@everdeal/contracts/card';
import { formatMoney } from '@everdeal/contracts/money';
import { orderNumber } from '~/shared/orders/order-number';

/** "Visa •••• 4242": the card an order was charged to. */
export function paymentLabel(payment: { brand: string; last4: string }): string {
  const brand = payment.brand === 'unknown' ? 'Card' : payment.brand.charAt(0).toUpperCase() + payment.brand.slice(1);
  return `${brand} •••• ${payment.last4}`;
}

/**
 * "Paid $30.00 with store credit and $19.00 with Visa •••• 4242", or with one of the two (decision
 * 030); "Paid at checkout: …" for an order whose money moved since (decision 010).
 */
export function orderPaymentWords(
  order: Pick<Order, 'total' | 'paidWithCreditCents' | 'currency' | 'payment'> & Partial<Pick<Order, 'taxCents'>>,
  options: { atCheckout?: boolean } = {},
): string {
  return `Paid${options.atCheckout ? ' at checkout:' : ''} ${paidWith(order, paymentLabel)}`;
}

/**
 * An order's VAT in words (decision 037): "Includes VAT 19%: $9.31", the reverse charge, or
 * nothing for an order without VAT. Checkout's: once money moved since, `atCheckout` says so,
 * as each later charge carries its own VAT and invoice.
 */
export function orderTaxWords(
  order: Pick<Order, 'taxCents' | 'taxRate' | 'taxReverseCharge' | 'currency'>,
  options: { atCheckout?: boolean } = {},
): string | null {
  const when = options.atCheckout ? ' at checkout' : '';
  if (order.taxReverseCharge) return `VAT 0%${when}: reverse charge`;
  if (order.taxCents === 0) return null;
  return `Includes VAT ${order.taxRate}%${when}: ${formatMoney(order.taxCents, order.currency)}`;
}

/**
 * An item's share of its order's payment, VAT apart as the line's price is: "Paid $30.00 with
 * store credit and $19.00 by card". Null once the line's price moved from checkout's (a plan
 * change, a subscription renewed at another price): the item's credit share is then what it
 * still holds (decision 030), not checkout's split, which the order card's payment line keeps.
 */
export function itemPaymentWords(
  item: Pick<OrderItem, 'amount' | 'checkoutCents' | 'paidWithCreditCents' | 'currency' | 'planChanges'>,
): string | null {
  if (item.paidWithCreditCents <= 0 || item.planChanges.length > 0 || item.amount !== item.checkoutCents) return null;
  const credit = Math.min(item.paidWithCreditCents, item.amount);
  const card = item.amount - credit;
  if (card <= 0) return `Paid ${formatMoney(credit, item.currency)} with store credit`;
  return `Paid ${formatMoney(credit, item.currency)} with store credit and ${formatMoney(card, item.currency)} by card`;
}

/** "Tier 1 · lifetime plan", "Pro · billed monthly". */
export function planLabel(item: Pick<OrderItem, 'planName' | 'planKind' | 'billingInterval'>): string {
  if (item.planKind === 'lifetime') return `${item.planName} · lifetime plan`;
  return `${item.planName} · billed ${item.billingInterval === 'year' ? 'yearly' : 'monthly'}`;
}

/** How an order is named where the shopper picks one (the support form): number, date, products. */
export function orderChoiceLabel(order: Pick<Order, 'id' | 'createdAt' | 'paidAt' | 'items'>, date: string): string {
  const names = [...new Set(order.items.map((item) => item.productName))];
  const products = names.length > 2 ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more` : names.join(', ');
  return `Order ${orderNumber(order.id)} · ${date} · ${products}`;
}
