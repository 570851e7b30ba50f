import {
  CardMessage,
  cardBrand,
  cardName,
  cvcLength,
  isCardExpired,
  isValidCardNumber,
  normalizeCardNumber,
} from '@everdeal/contracts/card';

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardValues = Readonly<Record<CardField, string>>;

/** "12 / 30", "12/2030", "1230": the month and the year as printed (two digits mean 20xx). */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = input.trim().match(/^(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})$/);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/**
 * The sandbox card form's checks, in the server's own words (contracts `CardMessage`), so a typo
 * is refused before the request with the message the server would answer: a number failing the
 * Luhn check, a month or year that cannot be, an expiry in the past, a CVC that does not fit the brand.
 */
export function cardFieldError(name: CardField, values: CardValues, now: Date = new Date()): string | undefined {
  switch (name) {
    case 'number':
      return isValidCardNumber(values.number) ? undefined : CardMessage.numberInvalid;
    case 'expiry': {
      const expiry = parseExpiry(values.expiry);
      if (!expiry) return CardMessage.expiryMonthInvalid;
      if (expiry.month < 1 || expiry.month > 12) return CardMessage.expiryMonthInvalid;
      if (expiry.year > 2100) return CardMessage.expiryYearInvalid;
      return isCardExpired(expiry.month, expiry.year, now) ? CardMessage.expired : undefined;
    }
    case 'cvc': {
      const cvc = values.cvc.trim();
      const expected = cvcLength(cardBrand(normalizeCardNumber(values.number)));
      return /^\d+$/.test(cvc) && cvc.length === expected ? undefined : CardMessage.cvcInvalid;
    }
  }
}

/** Which field a refusal from the server belongs to, so it shows under that field; null for the form. */
export function cardFieldOfMessage(message: string): CardField | null {
  switch (message) {
    case CardMessage.numberInvalid:
      return 'number';
    case CardMessage.expiryMonthInvalid:
    case CardMessage.expiryYearInvalid:
    case CardMessage.expired:
      return 'expiry';
    case CardMessage.cvcInvalid:
      return 'cvc';
    default:
      return null;
  }
}

/** Groups of four as the shopper types ("4242 4242 4242 4242"); American Express reads 4-6-5. */
export function formatCardNumber(input: string): string {
  const digits = normalizeCardNumber(input).replace(/\D/g, '').slice(0, 19);
  if (cardBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What the API takes: digits, the month and the full year, the CVC (requirements §15). */
export function toCardInput(values: CardValues) {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) throw new Error('toCardInput needs a valid expiry; validate first');
  return {
    number: normalizeCardNumber(values.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: values.cvc.trim(),
  };
}

/** Shared with the receipts the server mails (`@everdeal/contracts/card`). */
export { cardName };

/** "12/30". */
export function formatExpiry(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}
