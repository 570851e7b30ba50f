// Card-entry checks shared by the sandbox provider (server) and the card form (browser), so a
// typo is refused with the same field message at both ends (requirements §5: "a number failing the
// Luhn check, a past expiry or a bad CVC is refused at entry with a clear field message").
// Zod-free: the browser imports it through `@everdeal/contracts/card`.

import { formatMoney } from './money';
export const CardMessage = {
  numberInvalid: 'Your card number is invalid.',
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  expired: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Digits only: people type card numbers with spaces or dashes between the groups. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) checksum every card number carries; catches one wrong digit and most swaps. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network from the number's leading digits (ISO/IEC 7812 issuer ranges). */
export function cardBrand(digits: string): CardBrand {
  const prefix = (length: number) => Number(digits.slice(0, length));
  if (/^4/.test(digits)) return 'visa';
  if (/^5[1-5]/.test(digits) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|3095|38|39)/.test(digits)) return 'diners';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa ending in 4242": how a saved card is named to its owner, on pages, in receipts and to screen readers. */
export function cardName(card: { brand: string; last4: string }): string {
  return `${BRAND_NAMES[card.brand] ?? 'Card'} ending in ${card.last4}`;
}

/** American Express prints a 4-digit code on the front; every other network a 3-digit one. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** A valid card number: 12 to 19 digits with a correct checksum. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/**
 * How an order was paid, as the words after "paid" (decision 030): "$30 with store credit and $19
 * with Visa •••• 4242", or with one of the two. `cardLabel` names the card as the place reading it
 * does ("Visa •••• 4242" on pages, "Visa ending in 4242" in mail).
 */
export function paidWith(
  order: {
    total: number;
    /** VAT on top of the total (decision 037), always paid by card; absent means none. */
    taxCents?: number;
    paidWithCreditCents: number;
    currency: string;
    payment: { brand: string; last4: string } | null;
  },
  cardLabel: (card: { brand: string; last4: string }) => string = cardName,
): string {
  const credit = order.paidWithCreditCents;
  const total = order.total + (order.taxCents ?? 0);
  const cardCents = total - credit;
  const card = order.payment ? cardLabel(order.payment) : 'card';
  if (credit <= 0) return `${formatMoney(total, order.currency)} with ${card}`;
  if (cardCents <= 0) return `${formatMoney(credit, order.currency)} with store credit`;
  return `${formatMoney(credit, order.currency)} with store credit and ${formatMoney(cardCents, order.currency)} with ${card}`;
}
